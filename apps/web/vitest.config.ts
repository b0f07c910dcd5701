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
      // happy-dom, not jsdom: the same tests in markedly less CPU time.
      // A worker runs its test files one after another in one DOM window and module graph, instead
      // of a new worker, window and import of the app for each file, which would cost the project
      // most of its time (docs/performance.md, "The test suite"). What a file must not inherit
      // from the one before is reset in src/testing/setup-tests.ts.
      isolate: false,
      css: false,
      testTimeout: 30_000,
    },
  }),
);
