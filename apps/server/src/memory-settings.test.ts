import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mallocEnv, mallocEnvPrefix } from "./memory-settings.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const scripts = (packageJson: string) =>
  (JSON.parse(readFileSync(path.join(root, packageJson), "utf8")) as { scripts: Record<string, string> })
    .scripts;

describe("the allocator settings", () => {
  it("are set by every script that runs the server", () => {
    const server = scripts("apps/server/package.json");
    const rootScripts = scripts("package.json");
    const starts = [
      server.start,
      server.dev,
      rootScripts["bench:import"],
      rootScripts["bench:segmentation"],
      rootScripts["bench:database"],
      rootScripts["bench:mixed"],
    ];
    for (const script of starts) expect(script).toContain(`${mallocEnvPrefix} node `);
  });

  it("are glibc's names and values", () => {
    expect(mallocEnvPrefix).toBe("MALLOC_ARENA_MAX=1 MALLOC_MMAP_THRESHOLD_=32768");
    expect(Object.keys(mallocEnv)).toEqual(["MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_"]);
  });
});
