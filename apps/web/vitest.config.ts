import { defineProject, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: "web",
      environment: "happy-dom",
      setupFiles: ["./src/testing/setup-tests.ts"],
      include: ["src/**/*.test.{ts,tsx}"],
      restoreMocks: true,
      // happy-dom, not jsdom: a third less CPU time for the same tests (55 s against 87 s, run back to
      // back on the 2-core machine).
      // A worker runs its test files one after another in one DOM window and module graph, instead
      // of a new worker, window and import of the app for each file: 3 m 23 s and 4 m 17 s isolated,
      // 1 m 08 s to 1 m 42 s shared, one worker, on the 2-core machine shared with another run.
      // What a file must not inherit from the one before is reset in src/testing/setup-tests.ts.
      isolate: false,
      css: false,
      testTimeout: 30_000,
    },
  }),
);
