import { describe, expect, it } from "vitest";
import { inFileWorkerSlot } from "./worker-job.ts";

describe("file worker slots", () => {
  it("runs at most two file reads at once, whatever their kind, the others in turn", async () => {
    let running = 0;
    let most = 0;
    const finishers: (() => void)[] = [];
    const read = (name: string) =>
      inFileWorkerSlot(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => finishers.push(resolve));
        running -= 1;
        return name;
      });
    const reads = [read("parse"), read("inspect"), read("open stock"), read("parse again")];
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBe(2);
    while (finishers.length > 0) {
      finishers.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(reads)).toEqual(["parse", "inspect", "open stock", "parse again"]);
    expect(most).toBe(2);
  });
});
