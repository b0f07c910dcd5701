import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * The whole browser's headless mode (/usr/bin/chromium, when the headless shell below is not
 * installed) is the browser without a window, and each new page's window loads the address bar's
 * suggestion popups, web pages of their own (chrome://omnibox-popup.top-chrome), in a renderer of
 * their own, which costs a page's first load in a new context more CPU than the page itself. No
 * test, screenshot or benchmark uses the address bar.
 */
const omniboxPopups = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"];

/**
 * Chromium keeps only the last `--disable-features` it is given, and Playwright passes its own
 * before ours: ours repeats Playwright's list (playwright-core 1.65's `chromiumSwitches`), or it
 * would turn those features back on. Check it against Playwright's when upgrading it.
 */
const playwrightDisabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Debian's Chromium; test tools never download a browser. Its headless shell (Debian's
 * chromium-headless-shell, the build Playwright itself runs headless tests in) when installed: the
 * same Blink and V8 without the browser's windows and their views, whose work the suite's
 * browser processes then skip.
 */
const chromiumExecutable =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ??
  "/usr/bin/chromium";

export const chromiumLaunchOptions = {
  executablePath: chromiumExecutable,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    `--disable-features=${[...playwrightDisabledFeatures, ...omniboxPopups].join(",")}`,
  ],
};

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  // What a screen must show, it may take this long to: on a 2-core CI machine running two workers,
  // each with Chromium and servers of its own, a starved main thread can hold a fresh page's first
  // API call back for most of 10 s. Speed is measured by the benchmarks, not here.
  expect: { timeout: 20_000 },
  // After the list, the five slowest spec files and tests of the run (scripts/tools/slowest-tests.ts).
  reporter: [["list"], ["./scripts/tools/slowest-tests.ts"]],
  use: {
    browserName: "chromium",
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1440, height: 900 },
    // No trace by default: recording one (a DOM snapshot at every action, kept only on failure)
    // costs about a third of the browser suite's CPU. A failure still leaves its screenshot; to
    // trace one, run
    // `npm run test:e2e -- --trace retain-on-failure`.
    trace: "off",
    screenshot: "only-on-failure",
  },
});
