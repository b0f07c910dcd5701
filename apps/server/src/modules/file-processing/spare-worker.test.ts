import { Worker } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";
import { spareWorkerSlot } from "./spare-worker.ts";

const memoryLimitMb = 512;

/** A slot whose workers run `source`, and the workers it started. */
function slotRunning(source: string) {
  const started: Worker[] = [];
  const slot = spareWorkerSlot({
    start: () => {
      const worker = new Worker(source, { eval: true });
      started.push(worker);
      return worker;
    },
    idleMs: 60_000,
  });
  return { slot, started };
}

const ended = (worker: Worker) => new Promise((resolve) => worker.once("exit", resolve));
const logSpy = () => ({ error: vi.fn() });

describe("a spare parse worker", () => {
  it("that fails as it starts is reported, once, to the next parse that asks for a worker", async () => {
    const { slot, started } = slotRunning("throw new Error('The parser could not be loaded')");
    slot.prepare(memoryLimitMb);
    await ended(started[0]!);

    const log = logSpy();
    // The parse starts a worker of its own.
    expect(slot.take(memoryLimitMb, log)).toBeUndefined();
    expect(log.error).toHaveBeenCalledExactlyOnceWith(
      { err: expect.objectContaining({ message: "The parser could not be loaded" }) },
      expect.stringContaining("spare parse worker failed"),
    );
    const later = logSpy();
    slot.take(memoryLimitMb, later);
    expect(later.error).not.toHaveBeenCalled();
  });

  it("that stops without an error is reported with its exit code", async () => {
    const { slot, started } = slotRunning("process.exit(3)");
    slot.prepare(memoryLimitMb);
    await ended(started[0]!);

    const log = logSpy();
    expect(slot.take(memoryLimitMb, log)).toBeUndefined();
    expect(log.error).toHaveBeenCalledExactlyOnceWith(
      { err: expect.objectContaining({ message: expect.stringContaining("exit code 3") }) },
      expect.stringContaining("spare parse worker failed"),
    );
  });

  it("that failed is kept for a parse that has a log to report it to", async () => {
    const { slot, started } = slotRunning("throw new Error('The parser could not be loaded')");
    slot.prepare(memoryLimitMb);
    await ended(started[0]!);

    expect(slot.take(memoryLimitMb)).toBeUndefined();
    const log = logSpy();
    slot.take(memoryLimitMb, log);
    expect(log.error).toHaveBeenCalledOnce();
  });

  it("that is ready is taken by the parse, and its end is the parse's to see", async () => {
    const { slot, started } = slotRunning(
      "require('node:worker_threads').parentPort.once('message', () => {})",
    );
    slot.prepare(memoryLimitMb);
    // One spare at a time.
    slot.prepare(memoryLimitMb);
    expect(started).toHaveLength(1);
    // Not for a parse with another memory limit.
    expect(slot.take(memoryLimitMb / 2)).toBeUndefined();

    const log = logSpy();
    const worker = slot.take(memoryLimitMb, log);
    expect(worker).toBe(started[0]);
    await worker!.terminate();
    slot.take(memoryLimitMb, log);
    expect(log.error).not.toHaveBeenCalled();
  });
});
