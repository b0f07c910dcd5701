import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Page } from "@playwright/test";
import type Axe from "axe-core";

/**
 * axe-core's own build, run in the page as its README shows: injected once per page, then
 * `axe.run`. @axe-core/playwright's builder evaluates the whole source twice a check (once in
 * `analyze`, again when injecting it into each frame) and sends it twice over Playwright's pipe,
 * for the same rules and results.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

async function runAxe(page: Page): Promise<Axe.AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(() => (window as unknown as { axe: typeof Axe }).axe.run(document));
}

export const test = base.extend<{ axe: (page: Page) => Promise<string[]> }>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set: the global setup starts the app.");
    await use(url);
  },
  /** Serious and critical accessibility violations on the current page, as readable lines. */
  axe: async ({}, use) => {
    await use(async (page) => {
      // Once what is fading or sliding in has arrived: mid-way, a dialog's overlay or a toast is
      // partly transparent, and the contrast axe computes through it is neither the one before nor
      // the one a user reads (a toast still appearing failed color-contrast in one run out of many).
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity,
          ),
      );
      const results = await runAxe(page);
      return results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`);
    });
  },
});

export { expect };
