import { defineConfig } from "vitest/config";
import { SlowestVitestTests } from "./scripts/tools/slowest-tests.ts";

export default defineConfig({
  test: {
    projects: ["packages/contracts", "apps/server", "apps/web"],
    // After the usual output, the five slowest test files and tests of the run.
    reporters: ["default", new SlowestVitestTests()],
    // A file per core comes from `--maxWorkers=100%` in package.json's test:vitest (which test:api runs):
    // Vitest 5 gives its projects the command line's options, not this file's, and a project left
    // alone runs on the cores less one, which on a 2-core machine is every file one after the
    // other (docs/performance.md, "The test suite").
  },
});
