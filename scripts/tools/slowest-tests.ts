// The slowest test files and tests of a run, printed at its end, so a test that starts costing
// the suite its time is seen the day it lands. Vitest and Playwright each have a reporter below; the root vitest.config.ts and
// playwright.config.ts add them after their own. Playwright's built-in `reportSlowTests` names
// only files past a threshold, and Vitest has no such summary.
import type {
  FullResult,
  Reporter as PlaywrightReporter,
  TestCase,
  TestResult,
} from "@playwright/test/reporter";
import type { Reporter as VitestReporter, TestModule } from "vitest/node";

export interface Timed {
  name: string;
  milliseconds: number;
}

/** How many files and tests each list names. */
export const slowestCount = 5;

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

/** The `count` slowest of `entries`, slowest first, one line each under `title`. */
export function formatSlowest(title: string, entries: readonly Timed[], count = slowestCount): string[] {
  const slowest = [...entries].sort((a, b) => b.milliseconds - a.milliseconds).slice(0, count);
  if (slowest.length === 0) return [];
  const width = Math.max(...slowest.map((entry) => seconds(entry.milliseconds).length));
  return [
    title,
    ...slowest.map((entry) => `  ${seconds(entry.milliseconds).padStart(width)}  ${entry.name}`),
  ];
}

/** Both lists with a blank line before each, as the end of a run's output. */
export function slowestReport(files: readonly Timed[], tests: readonly Timed[]): string {
  const lists = [formatSlowest("Slowest test files:", files), formatSlowest("Slowest tests:", tests)];
  return lists
    .filter((lines) => lines.length > 0)
    .map((lines) => `\n${lines.join("\n")}`)
    .join("\n");
}

/**
 * Vitest: a file's time is its tests and hooks plus what its worker spent setting it up (the
 * environment, the setup files, importing the file), as each is time the run waits for.
 */
export class SlowestVitestTests implements VitestReporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const files: Timed[] = [];
    const tests: Timed[] = [];
    for (const testModule of testModules) {
      const project = testModule.project.name;
      const file = project ? `${project} › ${testModule.relativeModuleId}` : testModule.relativeModuleId;
      const diagnostic = testModule.diagnostic();
      files.push({
        name: file,
        milliseconds:
          diagnostic.environmentSetupDuration +
          diagnostic.prepareDuration +
          diagnostic.setupDuration +
          diagnostic.collectDuration +
          diagnostic.duration,
      });
      for (const test of testModule.children.allTests()) {
        const duration = test.diagnostic()?.duration;
        if (duration !== undefined)
          tests.push({ name: `${file} › ${test.fullName}`, milliseconds: duration });
      }
    }
    const report = slowestReport(files, tests);
    if (report) console.log(report);
  }
}

/**
 * Playwright: a test's time includes the hooks it ran (a file's `beforeAll` counts in its first
 * test), and a file's is the sum of its tests' on the worker that ran it.
 */
export default class SlowestPlaywrightTests implements PlaywrightReporter {
  private readonly files = new Map<string, number>();
  private readonly tests: Timed[] = [];

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.titlePath()[2] ?? test.location.file;
    this.files.set(file, (this.files.get(file) ?? 0) + result.duration);
    this.tests.push({ name: `${file} › ${test.title}`, milliseconds: result.duration });
  }

  onEnd(_result: FullResult): void {
    const files = [...this.files].map(([name, milliseconds]) => ({ name, milliseconds }));
    const report = slowestReport(files, this.tests);
    if (report) console.log(report);
  }
}
