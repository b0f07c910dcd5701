import { describe, expect, it } from "vitest";
import {
  emptySelection,
  focusAfterLeaving,
  selectAll,
  selectedInOrder,
  selectItem,
  type Selection,
  toggleItem,
} from "@/features/catalogs/utils/selection";

const ids = ["a", "b", "c", "d", "e", "f"];
const selected = (selection: Selection) => selectedInOrder(selection, ids);

describe("selecting items", () => {
  it("a click selects that item alone and makes it the anchor", () => {
    const first = selectItem(emptySelection, ids, "b");
    expect(selected(first)).toEqual(["b"]);
    const second = selectItem(first, ids, "d");
    expect(selected(second)).toEqual(["d"]);
    expect(second.anchor).toBe("d");
  });

  it("Ctrl or Cmd toggles one item and keeps the others", () => {
    let selection = selectItem(emptySelection, ids, "b");
    selection = selectItem(selection, ids, "e", { toggle: true });
    expect(selected(selection)).toEqual(["b", "e"]);
    selection = selectItem(selection, ids, "b", { toggle: true });
    expect(selected(selection)).toEqual(["e"]);
    expect(selection.anchor).toBe("b");
  });

  it("Shift selects the range from the anchor, forwards or backwards, replacing the selection", () => {
    let selection = selectItem(emptySelection, ids, "b");
    selection = selectItem(selection, ids, "e", { range: true });
    expect(selected(selection)).toEqual(["b", "c", "d", "e"]);
    // The anchor stays, so a second Shift-click changes the range rather than extending it.
    selection = selectItem(selection, ids, "a", { range: true });
    expect(selected(selection)).toEqual(["a", "b"]);
    expect(selection.anchor).toBe("b");
  });

  it("Ctrl+Shift adds the range to the selection", () => {
    let selection = selectItem(emptySelection, ids, "a");
    selection = selectItem(selection, ids, "e", { toggle: true });
    selection = selectItem(selection, ids, "f", { range: true, toggle: true });
    expect(selected(selection)).toEqual(["a", "e", "f"]);
  });

  it("Shift without an anchor, or with one no longer in the tab, selects just the item", () => {
    expect(selected(selectItem(emptySelection, ids, "c", { range: true }))).toEqual(["c"]);
    const stale: Selection = { ids: new Set(["gone"]), anchor: "gone" };
    const selection = selectItem(stale, ids, "c", { range: true });
    expect(selected(selection)).toEqual(["c"]);
    expect(selection.anchor).toBe("c");
  });

  it("Space and Enter toggle an item", () => {
    const on = toggleItem(emptySelection, "c");
    expect(selected(on)).toEqual(["c"]);
    expect(selected(toggleItem(on, "c"))).toEqual([]);
  });

  it("select all takes every item of the tab; selected ids come in the tab's order, without stale ones", () => {
    expect(selected(selectAll(ids))).toEqual(ids);
    const selection: Selection = { ids: new Set(["f", "gone", "a"]), anchor: "f" };
    expect(selected(selection)).toEqual(["a", "f"]);
  });
});

describe("where the focus goes when items leave the tab", () => {
  const leaving = (...left: string[]) => new Set(left);

  it("stays on the focused item when it does not leave", () => {
    expect(focusAfterLeaving(ids, leaving("a", "b"), "d")).toBe("d");
  });

  it("goes on to the next item that stays, after the focused one", () => {
    expect(focusAfterLeaving(ids, leaving("b", "c", "e"), "c")).toBe("d");
    expect(focusAfterLeaving(ids, leaving("a", "c"), "a")).toBe("b");
  });

  it("goes back to the last item that stays when none after it does", () => {
    expect(focusAfterLeaving(ids, leaving("e", "f"), "f")).toBe("d");
  });

  it("starts from the first leaving item when no item had the focus", () => {
    expect(focusAfterLeaving(ids, leaving("c", "d"), undefined)).toBe("e");
    expect(focusAfterLeaving(ids, leaving("c", "d"), "gone")).toBe("e");
  });

  it("answers none when every item leaves", () => {
    expect(focusAfterLeaving(ids, leaving(...ids), "c")).toBeNull();
  });
});
