import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Migrates one template database per run; every test app starts from a copy of it.
    globalSetup: ["./test/global-setup.ts"],
    // Opening a database copy takes about a second, more on a busy 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
