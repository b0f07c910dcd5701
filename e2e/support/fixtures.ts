import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

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
      // Legacy mode runs axe in the page itself. The default also runs it per frame and then opens
      // a blank page in which to merge the frames' results, for cross-origin iframes, which the app
      // has none of: the same rules and results for about 1.2 s a check against 1.7 s on the
      // 2-core machine (38 checks in the suite).
      const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
      return results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`);
    });
  },
});

export { expect };
