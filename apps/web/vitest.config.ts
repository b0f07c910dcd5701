import { defineProject, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: "web",
      environment: "jsdom",
      setupFiles: ["./src/testing/setup-tests.ts"],
      include: ["src/**/*.test.{ts,tsx}"],
      restoreMocks: true,
      // A worker runs its test files one after another in one jsdom window and module graph, instead
      // of a new worker, window and import of the app for each file: 3 m 23 s and 4 m 17 s isolated,
      // 1 m 08 s to 1 m 42 s shared, one worker, on the 2-core machine shared with another run.
      // What a file must not inherit from the one before is reset in src/testing/setup-tests.ts.
      isolate: false,
      css: false,
      testTimeout: 30_000,
    },
  }),
);
