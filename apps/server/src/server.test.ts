import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("server start", () => {
  it("stops with a message naming the variable when the configuration is wrong", () => {
    const result = spawnSync(process.execPath, [path.join(import.meta.dirname, "server.ts")], {
      env: { PORT: "eighty" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT");
  });
});
