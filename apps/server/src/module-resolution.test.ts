import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { moduleResolutionFlags } from "./testing/processes.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const scripts = (packageJson: string) =>
  (JSON.parse(readFileSync(path.join(root, packageJson), "utf8")) as { scripts: Record<string, string> })
    .scripts;

/** Runs `source` as an ES module in a Node of its own, with `flags`, from apps/server; its stdout. */
async function runModule(flags: string[], source: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...flags, "--input-type=module", "--eval", source],
    { cwd: path.join(root, "apps/server") },
  );
  return stdout.trim();
}

describe("drizzle-orm's imports resolved by src/module-resolution.ts", () => {
  it("are loaded by every script that runs the server's code", () => {
    const server = scripts("apps/server/package.json");
    const rootScripts = scripts("package.json");
    for (const script of [server.start, server.dev, server["seed:demo"], server.backup, server.restore])
      expect(script).toMatch(/(^| )node --import \.\/src\/module-resolution\.ts /);
    for (const name of ["bench:import", "bench:segmentation", "bench:database", "bench:mixed"])
      expect(rootScripts[name]).toMatch(/(^| )node --import \.\/apps\/server\/src\/module-resolution\.ts /);
    expect(moduleResolutionFlags).toEqual([
      "--import",
      path.join(import.meta.dirname, "module-resolution.ts"),
    ]);
  });

  it("give drizzle-orm's files as the same modules Node resolves", async () => {
    // pg-core's text column reaches column.js and pg-core/columns/common.js through drizzle-orm's
    // own imports (the hook); the entry points "drizzle-orm/column" and
    // "drizzle-orm/pg-core/columns/common" reach them through Node's resolution. The column is an
    // instance of both classes only if each file was loaded once, at one URL.
    const source = `
      import { Column } from "drizzle-orm/column";
      import { PgColumn } from "drizzle-orm/pg-core/columns/common";
      import { pgTable, text } from "drizzle-orm/pg-core";
      const { name } = pgTable("t", { name: text() });
      console.log(JSON.stringify([name instanceof Column, name instanceof PgColumn]));
    `;
    expect(JSON.parse(await runModule(moduleResolutionFlags, source))).toEqual([true, true]);
  });
});
