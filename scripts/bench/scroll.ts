// Scroll benchmark:
//   npm run bench:scroll [-- --styles 5000] [--order-styles 500] [--step 400]
//     [--report docs/bench/scroll.md]
//
// Starts the built app (`startApp`, demo data for the customers and stores) and drives it in
// Chromium at 1440 × 900, signed in through the real pages. Through the API (over HTTP, signed in
// as the fault tests do) it uploads a `--order-styles` sample workbook, saves it, places every
// style in the Crocs catalog and publishes it, then uploads a `--styles` one and leaves it in
// preview. It then scrolls three long lists from top to bottom with the mouse wheel (`--step` px
// a step, the next step once the page has painted twice):
//   - the preview table of the `--styles` upload (its own scroll area; pages load on the way);
//   - the segmentation grid of that line list, saved through the preview's Save and opened with
//     Create Catalogs: every item unsorted (the window scrolls);
//   - New Order's grid of the published line list (its own scroll area).
// A PerformanceObserver of type "longtask", registered before the app's scripts, records the
// page's long tasks (main-thread tasks over 50 ms). For each list it reports the wheel steps, the
// time, the long tasks while scrolling (count, longest, blocking time: the sum of what each
// exceeds 50 ms), the longest while the screen loaded, and the most rows or cards in the page at
// any step (goal: at most 100). It prints the table and writes it as markdown to `--report`; the
// exit code is 1 when a list rendered more than 100.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { PopulatedCatalogs } from "@cm/contracts/catalog-segmentation";
import type { Organization } from "@cm/contracts/organizations";
import type { Store } from "@cm/contracts/stores";
import { chromium, type Locator, type Page } from "playwright-core";
import { chromiumLaunchOptions } from "../../playwright.config.ts";
import { startApp } from "../../e2e/support/app-server.ts";
import { signIn } from "../../e2e/support/sign-in.ts";
import { writeSampleLineList } from "../../apps/server/src/modules/file-processing/sample-line-list.ts";
import {
  type Auth,
  callApi,
  type Envelope,
  processLineListBody,
  signInOverHttp,
  storeWorkbookOverHttp,
} from "../../apps/server/src/testing/http-api.ts";
import { formatMarkdown, recordFigures } from "./support/summary.ts";

const { values } = parseArgs({
  options: {
    styles: { type: "string", default: "5000" },
    "order-styles": { type: "string", default: "500" },
    step: { type: "string", default: "400" },
    report: { type: "string", default: "docs/bench/scroll.md" },
  },
});

const styles = Number(values.styles);
const orderStyles = Number(values["order-styles"]);
const stepPixels = Number(values.step);
for (const [option, value] of [
  ["--styles", styles],
  ["--order-styles", orderStyles],
  ["--step", stepPixels],
] as const) {
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${option} must be a whole number of at least 1`);
}

/** The issue's ceiling on the rows or cards a long list keeps in the page. */
const maxRenderedGoal = 100;
const viewport = { width: 1440, height: 900 };
/** How long a scroll may go without moving or reaching the end (pages still loading) before it fails. */
const stallTimeoutMs = 60_000;

const repoRoot = path.resolve(import.meta.dirname, "../..");
const webDist = process.env.WEB_DIST_DIR ?? path.join(repoRoot, "apps/web/dist");
if (!existsSync(path.join(webDist, "index.html"))) {
  throw new Error(`No built web app in ${webDist}: run \`npm run build\` first.`);
}

/** A 1 × 1 PNG, every item picture's answer. */
const placeholderPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

interface LongTask {
  start: number;
  duration: number;
}

/** Where the page keeps its long tasks. */
interface BenchWindow {
  benchLongTasks: LongTask[];
}

/** Runs in the page before its scripts: every long task from the document's start, kept on window. */
function recordLongTasks() {
  const tasks: LongTask[] = [];
  (window as unknown as BenchWindow).benchLongTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
}

/** What is scrolled: CSS selectors, as the page's probe reads them. */
interface ScrollTarget {
  /** The scroll area; null for the window's scroll. */
  container: string | null;
  /** One rendered row or card of the list. */
  unit: string;
  /** What is in the page only once the list's last row is. */
  last: string;
}

interface ScrollState {
  position: number;
  end: number;
  rendered: number;
  lastShown: boolean;
  now: number;
}

/** Runs in the page: after two frames (what the last wheel step caused is painted), where the scroll stands. */
function probe(target: ScrollTarget): Promise<ScrollState> {
  return new Promise((resolve, reject) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const scroller = target.container
          ? document.querySelector(target.container)
          : document.scrollingElement;
        if (!scroller) return reject(new Error(`Nothing scrolls at ${target.container ?? "the window"}`));
        resolve({
          position: scroller.scrollTop,
          end: scroller.scrollHeight - scroller.clientHeight,
          rendered: document.querySelectorAll(target.unit).length,
          lastShown: document.querySelector(target.last) !== null,
          now: performance.now(),
        });
      }),
    ),
  );
}

interface ScreenResult {
  screen: string;
  items: string;
  distance: number;
  steps: number;
  seconds: number;
  scrollTasks: LongTask[];
  loadTasks: LongTask[];
  maxRendered: number;
  firstRendered: number;
}

const pageNow = (page: Page) => page.evaluate(() => performance.now());

async function longTasksBetween(page: Page, from: number, to: number): Promise<LongTask[]> {
  // The observer hears of a task in a later task of its own: give it time to come.
  await page.waitForTimeout(500);
  const tasks = await page.evaluate(() => (window as unknown as BenchWindow).benchLongTasks);
  return tasks.filter((task) => task.start >= from && task.start < to);
}

/**
 * Scrolls `target` from its top to its end with the mouse wheel over `area` and reports what it
 * took. `loadedFrom` is the page time the screen started loading (0: a new document).
 */
async function scrollToEnd(
  page: Page,
  screen: { name: string; items: string },
  area: Locator,
  target: ScrollTarget,
  loadedFrom: number,
): Promise<ScreenResult> {
  await area.scrollIntoViewIfNeeded();
  const box = await area.boundingBox();
  if (!box) throw new Error(`${screen.name}: the list is not visible`);
  // The middle of the part of the list in view: the wheel goes to what is under the pointer.
  const top = Math.max(box.y, 0);
  const bottom = Math.min(box.y + box.height, viewport.height);
  await page.mouse.move(box.x + box.width / 2, (top + bottom) / 2);

  let state = await page.evaluate(probe, target);
  const firstRendered = state.rendered;
  let maxRendered = state.rendered;
  const scrollStart = state.now;
  const started = performance.now();
  let lastMove = started;
  let steps = 0;
  while (!(state.lastShown && state.position >= state.end - 1)) {
    await page.mouse.wheel(0, stepPixels);
    steps += 1;
    const next = await page.evaluate(probe, target);
    maxRendered = Math.max(maxRendered, next.rendered);
    if (next.position !== state.position || next.end !== state.end) lastMove = performance.now();
    else if (performance.now() - lastMove > stallTimeoutMs) {
      throw new Error(
        `${screen.name}: stuck at ${next.position} of ${next.end} px for ${stallTimeoutMs / 1000} s`,
      );
    }
    state = next;
  }
  const seconds = (performance.now() - started) / 1000;
  const scrollEnd = state.now;
  console.log(`${screen.name} (${screen.items}): ${steps} wheel steps, ${seconds.toFixed(1)} s`);
  return {
    screen: screen.name,
    items: screen.items,
    distance: state.position,
    steps,
    seconds,
    scrollTasks: await longTasksBetween(page, scrollStart, scrollEnd),
    loadTasks: await longTasksBetween(page, loadedFrom, scrollStart),
    maxRendered,
    firstRendered,
  };
}

/**
 * A virtualized table in a scroll area of its own, opened in a new document: the rows of its body
 * are counted, and it has ended once `lastRow` is in the page.
 */
async function scrollTable(
  page: Page,
  screen: { name: string; items: string },
  area: Locator,
  lastRow: string,
): Promise<ScreenResult> {
  await area.evaluate((element) => element.setAttribute("data-bench-scroll", ""));
  const container = "[data-bench-scroll]";
  const target = { container, unit: `${container} tbody tr[data-index]`, last: `${container} ${lastRow}` };
  return scrollToEnd(page, screen, area, target, 0);
}

/** An API call over HTTP as the admin: the answer's data, or an error for any failure. */
type Api = <T>(method: string, url: string, payload?: unknown) => Promise<T>;

function apiClient(baseUrl: string, auth: Auth): Api {
  return async <T>(method: string, url: string, payload?: unknown) => {
    const response = await callApi<Envelope<T>>(baseUrl, auth, method, url, payload);
    if (response.status >= 300) {
      throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(response.body).slice(0, 500)}`);
    }
    return response.body.data;
  };
}

/** The upload protocol (presign, PUT, process) for a sample workbook; answers the preview's line list id. */
async function uploadSample(
  baseUrl: string,
  auth: Auth,
  options: { fileName: string; styles: number; season: string; seed: number },
): Promise<number> {
  const { bytes } = await writeSampleLineList({ ...options, year: 2028 });
  const key = await storeWorkbookOverHttp(baseUrl, auth, options.fileName, bytes);
  // The processing answer is the line list id as JSON text.
  const processed = await callApi<unknown>(
    baseUrl,
    auth,
    "POST",
    "/functions/process-line-list",
    processLineListBody(options.fileName, key),
  );
  if (processed.status !== 200 || typeof processed.body !== "number") {
    throw new Error(`${options.fileName}: processing answered ${processed.status} ${String(processed.body)}`);
  }
  return processed.body;
}

/** A saved, sorted and published own-stock line list of `count` styles, all in the Crocs catalog. */
async function publishedLineList(baseUrl: string, auth: Auth, count: number) {
  const api = apiClient(baseUrl, auth);
  const name = `Crocs Bench ${count} styles`;
  const lineListId = await uploadSample(baseUrl, auth, {
    fileName: `${name}.xlsx`,
    styles: count,
    season: "Fall",
    seed: 2,
  });
  await api("POST", `/api/crocs/preview/${lineListId}/confirm`);
  const populated = await api<PopulatedCatalogs>("GET", `/api/crocs/catalogs/populated/${lineListId}`);
  const unsorted = populated.catalogs.find((catalog) => catalog.type === "unsorted")?.items ?? [];
  await api("POST", "/api/crocs/catalogs/move-items", {
    lineListId,
    moveItems: unsorted.map((item) => ({
      modelCode: item.model_code,
      originCatalogType: "unsorted",
      targetCatalogType: "crocs",
    })),
  });
  await api("POST", "/api/crocs/catalogs/save", { lineListId });
  await api("POST", "/api/crocs/catalogs/publish", { lineListId });
  return { lineListId, name, styles: unsorted.length };
}

/** An active store of an active customer, for New Order. */
async function orderingStore(baseUrl: string, auth: Auth): Promise<number> {
  const api = apiClient(baseUrl, auth);
  const organizations = await api<Organization[]>("GET", "/api/organizations");
  const customers = new Set(
    organizations
      .filter((organization) => organization.type === "external" && organization.status === "active")
      .map((organization) => organization.id),
  );
  const stores = await api<Store[]>("GET", "/api/stores");
  const store = stores.find(
    (candidate) => candidate.status === "active" && customers.has(candidate.organizationId),
  );
  if (!store) throw new Error("The demo data has no active store of an active customer");
  return store.id;
}

const figure = (value: number) => value.toLocaleString("en");
const longest = (tasks: LongTask[]) => (tasks.length ? Math.max(...tasks.map((task) => task.duration)) : 0);
const blocking = (tasks: LongTask[]) => tasks.reduce((sum, task) => sum + task.duration - 50, 0);

const app = await startApp({}, { seedDemo: true });
const browser = await chromium.launch(chromiumLaunchOptions);
const browserVersion = browser.version();
const loadAtStart = os.loadavg()[0]!;
const results: ScreenResult[] = [];
try {
  const context = await browser.newContext({ viewport, baseURL: app.baseUrl });
  await context.addInitScript(recordLongTasks);
  // The sample's pictures are on images.example.com: answered here with a tiny PNG, so nothing
  // leaves the machine. (Left to fail, each waits for DNS; thousands pile up while the preview
  // scrolls, take Chromium's connection slots, and the app's next scripts queue behind them.)
  const appOrigin = new URL(app.baseUrl).origin;
  await context.route(
    (url) => url.origin !== appOrigin,
    (route) =>
      route.request().resourceType() === "image"
        ? route.fulfill({ contentType: "image/png", body: placeholderPng })
        : route.abort(),
  );
  const page = await context.newPage();
  // The save of a large preview and the first pages of a large list take longer than a click.
  page.setDefaultTimeout(120_000);
  await signIn(page, app.baseUrl);
  // The API calls sign in on their own, over HTTP as the fault tests do.
  const auth = await signInOverHttp(app.baseUrl);

  let started = performance.now();
  const orderLineList = await publishedLineList(app.baseUrl, auth, orderStyles);
  const storeId = await orderingStore(app.baseUrl, auth);
  console.log(
    `published "${orderLineList.name}" (${orderLineList.styles} styles in a catalog) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  started = performance.now();
  const previewName = `Crocs Bench ${styles} styles`;
  const previewId = await uploadSample(app.baseUrl, auth, {
    fileName: `${previewName}.xlsx`,
    styles,
    season: "Spring",
    seed: 1,
  });
  console.log(
    `uploaded "${previewName}" to preview in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // The preview table: its own 500 px scroll area, further pages loaded as its end comes into view.
  await page.goto(`/home/line-list/preview/${previewId}`);
  const styleTable = page.getByRole("region", { name: "Styles" });
  await styleTable.locator("tbody tr[data-index]").first().waitFor();
  const previewTotal = Number(await styleTable.locator("table").getAttribute("aria-rowcount")) - 1;
  results.push(
    await scrollTable(
      page,
      { name: "Preview table", items: `${figure(previewTotal)} styles` },
      styleTable,
      `tr[aria-rowindex="${previewTotal + 1}"]`,
    ),
  );

  // Saved through the preview's Save, then Create Catalogs: every item waits in Unsorted.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page
    .getByRole("alertdialog", { name: "Do you want to save this line list?" })
    .getByRole("button", { name: "Save" })
    .click();
  const createCatalogs = page.getByRole("dialog", { name: "Line List Saved" }).getByRole("link", {
    name: "Create Catalogs",
  });
  await createCatalogs.waitFor();
  const segmentationFrom = await pageNow(page);
  await createCatalogs.click();
  await page.waitForURL(new RegExp(`/home/catalog-segmentation/${previewId}$`));
  const unsortedSelector = '[role="grid"][aria-label="Unsorted items"]';
  const unsorted = page.locator(unsortedSelector);
  await unsorted.getByRole("gridcell").first().waitFor();
  const cardRows = Number(await unsorted.getAttribute("aria-rowcount"));
  // The tab reads "Unsorted items" and its count.
  const tabText = await page.getByRole("tab", { name: /^Unsorted items/ }).textContent();
  const unsortedCount = Number(tabText?.replace(/\D/g, ""));
  results.push(
    await scrollToEnd(
      page,
      { name: "Segmentation grid", items: `${figure(unsortedCount)} items` },
      unsorted,
      {
        container: null,
        unit: `${unsortedSelector} [role="gridcell"]`,
        last: `${unsortedSelector} [role="row"][aria-rowindex="${cardRows}"]`,
      },
      segmentationFrom,
    ),
  );

  // New Order with the store and the published line list preset: one grid, its own scroll area.
  await page.goto(`/home/orders/new?storeId=${storeId}&lineListId=${orderLineList.lineListId}`);
  // The scroll area, not the section around it that has the same name.
  const orderGrid = page.locator(`div[role="region"][aria-label="Crocs · ${orderLineList.name}"]`);
  await orderGrid.locator("tbody tr[data-index]").first().waitFor();
  results.push(
    await scrollTable(
      page,
      { name: "Order grid", items: `${figure(orderLineList.styles)} styles` },
      orderGrid,
      `tbody tr[data-index="${orderLineList.styles - 1}"]`,
    ),
  );
  await context.close();
} finally {
  await browser.close();
  await app.stop();
}

const header =
  "| List | Size | Scrolled (px) | Wheel steps | Time (s) | Long tasks (> 50 ms) | Longest (ms) | Blocking (ms) | Rendered: first, most | Longest while loading (ms) |";
const rows = results.map((result) =>
  [
    result.screen,
    result.items,
    figure(Math.round(result.distance)),
    figure(result.steps),
    result.seconds.toFixed(1),
    result.scrollTasks.length,
    longest(result.scrollTasks).toFixed(0),
    figure(Math.round(blocking(result.scrollTasks))),
    `${result.firstRendered}, ${result.maxRendered}${result.maxRendered > maxRenderedGoal ? ` (over ${maxRenderedGoal})` : ""}`,
    longest(result.loadTasks).toFixed(0),
  ].join(" | "),
);
const table = await formatMarkdown(
  [header, `|${" --- |".repeat(10)}`, ...rows.map((row) => `| ${row} |`)].join("\n"),
  values.report,
);
console.log(`\n${table}`);
await recordFigures(
  "scroll",
  results.flatMap((result) => [
    {
      figure: `${result.screen} (${result.items}): most rows or cards in the page`,
      value: result.maxRendered,
      unit: "" as const,
      atMost: maxRenderedGoal,
      anchor: `${result.firstRendered} at the top`,
    },
    {
      figure: `${result.screen}: long tasks over 50 ms while scrolling`,
      value: result.scrollTasks.length,
      unit: "" as const,
      anchor: `longest ${longest(result.scrollTasks).toFixed(0)} ms over ${figure(result.steps)} wheel steps`,
    },
  ]),
);

const slowest = (tasks: LongTask[]) =>
  [...tasks]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 5)
    .map((task) => `${task.duration.toFixed(0)} ms`)
    .join(", ") || "none";
const report = [
  "# Scrolling long lists: `npm run bench:scroll`",
  "",
  `Run ${new Date().toISOString()} on ${os.cpus().length} cores (load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end), headless Chromium ${browserVersion} at ${viewport.width} × ${viewport.height}, mouse wheel steps of ${stepPixels} px, each once the page has painted twice. Options: \`--styles ${styles} --order-styles ${orderStyles} --step ${stepPixels}\`.`,
  "",
  table,
  "",
  `Long tasks are the page's main-thread tasks over 50 ms (PerformanceObserver "longtask") from the first wheel step to the end; blocking time is the sum of what each exceeds 50 ms. Rendered counts the rows or cards in the page at every step (goal: at most ${maxRenderedGoal}). "While loading" covers the screen from its navigation to the first step. Time is the bench's own: each step waits for two frames and a round trip to the browser. The sample's pictures (on images.example.com) are answered with a 1 × 1 PNG by the bench.`,
  "",
  "Slowest long tasks while scrolling:",
  "",
  ...results.map((result) => `- ${result.screen}: ${slowest(result.scrollTasks)}`),
  "",
].join("\n");
await mkdir(path.dirname(path.resolve(values.report)), { recursive: true });
await writeFile(values.report, await formatMarkdown(report, values.report));
console.log(`report: ${values.report}`);
if (results.some((result) => result.maxRendered > maxRenderedGoal)) process.exitCode = 1;
