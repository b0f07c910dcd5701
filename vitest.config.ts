import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/contracts", "apps/server", "apps/web"],
    // A file per core comes from `--maxWorkers=100%` in package.json's test:unit (which test:api runs):
    // Vitest 5 gives its projects the command line's options, not this file's, and a project left
    // alone runs on the cores less one, which on a 2-core machine is every file one after the
    // other (docs/performance.md).
  },
});
