import type { PreviewStyleRow } from "@cm/contracts/line-list-preview";
import type {
  PreviewChoicesData,
  PreviewChoicesInput,
  PreviewChoiceTotals,
} from "@cm/contracts/line-list-review";
import { describe, expect, it, vi } from "vitest";
import { PreviewChoicesStore } from "@/features/line-lists/hooks/preview-choices-store";

const base: PreviewChoiceTotals = {
  changesTaken: 3,
  changesKept: 0,
  stylesKept: 0,
  newStylesTaken: 2,
  newStylesLeftOut: 0,
  droppedRemoved: 0,
  droppedKept: 0,
  keptColumns: [],
};

function row(id: number, overrides: Partial<PreviewStyleRow> = {}): PreviewStyleRow {
  return {
    id,
    position: id,
    model_code: `1000${id}-001`,
    franchise: null,
    silhouette: null,
    color: null,
    gender: null,
    msrp: 54.99,
    expected_shipped_date: null,
    image_urls: [],
    attributes: { comfort_level: null, height_range: null, wear_occasion: null, target_fit: null },
    status: "changed",
    changedFields: ["color", "msrp"],
    previous: null,
    items: [],
    removedItems: [],
    kept: [],
    leftOut: false,
    ...overrides,
  };
}

/** A send whose answers the test gives, one by one. */
function controlledSend() {
  const waiting: {
    input: PreviewChoicesInput;
    resolve: (data: PreviewChoicesData) => void;
    reject: (error: Error) => void;
  }[] = [];
  const send = vi.fn(
    (input: PreviewChoicesInput) =>
      new Promise<PreviewChoicesData>((resolve, reject) => waiting.push({ input, resolve, reject })),
  );
  return { send, waiting };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the preview's choices", () => {
  it("are shown at once, sent one after another, and the totals are the server's after the last answer", async () => {
    const { send, waiting } = controlledSend();
    const onAnswer = vi.fn();
    const store = new PreviewChoicesStore({ send, onAnswer });
    store.adoptServerTotals(base);
    const first = row(1);

    store.choose({ kind: "cell", row: first, field: "msrp", keep: true });
    store.choose({ kind: "style", row: first, keep: true });
    expect(store.keptFields(first)).toEqual(["color", "msrp"]);
    expect(store.totals).toMatchObject({ changesTaken: 1, changesKept: 2, stylesKept: 1 });

    await flush();
    // The second waits for the first's answer.
    expect(send).toHaveBeenCalledTimes(1);
    waiting[0]!.resolve({ choices: { ...base, changesTaken: 2, changesKept: 1 } });
    await flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(waiting[1]!.input).toEqual({ styles: [{ id: 1, keepStyle: true }] });
    // An answer while another choice is on its way leaves the totals as worked out.
    expect(store.totals).toMatchObject({ changesKept: 2 });
    expect(onAnswer).not.toHaveBeenCalled();

    const last = { ...base, changesTaken: 1, changesKept: 2, stylesKept: 1 };
    waiting[1]!.resolve({ choices: last });
    await flush();
    expect(store.totals).toBe(last);
    expect(onAnswer).toHaveBeenCalledWith({ choices: last });
    await expect(store.settled()).resolves.toBeUndefined();
  });

  it("takes back a refused choice and says so", async () => {
    const { send, waiting } = controlledSend();
    const onFailure = vi.fn();
    const store = new PreviewChoicesStore({ send, onFailure });
    const style = row(3, { status: "new", changedFields: [] });
    store.choose({ kind: "newStyle", row: style, leaveOut: true });
    expect(store.isLeftOut(style)).toBe(true);
    await flush();
    waiting[0]!.reject(new Error("Only new styles can be left out"));
    await flush();
    expect(store.isLeftOut(style)).toBe(false);
    expect(onFailure).toHaveBeenCalledWith(new Error("Only new styles can be left out"));
  });

  it("lets the newest choice win: a column kept, then one of its cells taken, then Take all", () => {
    const store = new PreviewChoicesStore({ send: () => new Promise(() => {}) });
    const [first, second] = [row(1), row(2, { kept: ["color"] })];
    store.choose({ kind: "column", field: "msrp", keep: true });
    expect(store.isKept(first, "msrp") && store.isKept(second, "msrp")).toBe(true);
    store.choose({ kind: "cell", row: second, field: "msrp", keep: false });
    expect(store.isKept(second, "msrp")).toBe(false);
    expect(store.isKept(first, "msrp")).toBe(true);
    // The colour the server said was kept stays until Take all.
    expect(store.isKept(second, "color")).toBe(true);
    store.choose({ kind: "takeAll" });
    expect(store.keptFields(first)).toEqual([]);
    expect(store.keptFields(second)).toEqual([]);
  });
});
