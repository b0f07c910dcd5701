import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/contracts", "apps/server", "apps/web"],
    // A file per core. Vitest's default for `vitest run` leaves one core out, which on a 2-core
    // machine runs every file one after the other: the web project took 288 s on one worker and
    // 176 s on two, orders, catalogs and uploads of the server 114 s and 77 s (docs/performance.md).
    maxWorkers: "100%",
  },
});
