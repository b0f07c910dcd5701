import { defineConfig } from "@playwright/test";

export const chromiumLaunchOptions = {
  // Debian's Chromium; test tools never download a browser.
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
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
  // each with Chromium and servers of its own, a fresh page of the orders dashboard made its first
  // API call 9.5 s after navigating (its 70 scripts loaded in 2.7 s, the rest was a starved main
  // thread), past the former 10 s. Speed is measured by the benchmarks, not here.
  expect: { timeout: 20_000 },
  reporter: "list",
  use: {
    browserName: "chromium",
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1440, height: 900 },
    // No trace by default: recording one (a DOM snapshot at every action, kept only on failure)
    // took a third of the browser suite's CPU on the 2-core machine, 190 against 117 CPU-seconds for
    // orders and people. A failure still leaves its screenshot; to trace one, run
    // `npm run test:e2e -- --trace retain-on-failure`.
    trace: "off",
    screenshot: "only-on-failure",
  },
});
