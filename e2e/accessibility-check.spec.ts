import { expect, test } from "./support/fixtures.ts";

/**
 * The specs' `axe` fixture fails a page on what a user of assistive technology would meet: it must
 * report serious and critical violations, and only those.
 */
test("the accessibility check names a page's serious violations and leaves minor ones out", async ({
  page,
  axe,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body>
    <main><h1>Check</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><h4>Skipped levels</h4></main>
  </body></html>`);
  expect(await axe(page)).toEqual(["image-alt: Images must have alternative text (1 nodes)"]);
});
