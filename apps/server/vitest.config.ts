import { defineProject } from "vitest/config";
import { moduleResolutionFlags } from "./src/testing/processes.ts";

export default defineProject({
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Migrates one template database per run; every test app starts from a copy of it.
    globalSetup: ["./test/global-setup.ts"],
    // Opening a database copy takes about a second, more on a busy 2-core machine.
    hookTimeout: 60_000,
    // Test files share their worker's modules instead of importing the whole app again each, which
    // costs seconds a file (docs/performance.md, "The test suite"). Nothing here mocks modules;
    // what a file spies on or stubs it restores itself, and each test app has its own database and
    // DATA_DIR.
    isolate: false,
    // drizzle-orm's imports resolved as the server's start script resolves them. PGlite keeps V8's
    // optimizing compiler here, unlike the short-lived processes the tests start: a worker runs
    // half the project's statements (src/testing/processes.ts says why).
    execArgv: moduleResolutionFlags,
    testTimeout: 30_000,
  },
});
