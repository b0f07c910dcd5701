/**
 * Which items of a tab are selected, and the anchor a Shift-click or Shift-arrow range starts
 * from, as in a file manager: a click selects one item, Ctrl or Cmd toggles one, Shift selects
 * the range from the anchor (added to the selection when Ctrl or Cmd is held too).
 */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor: string | null;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null };

export interface SelectModifiers {
  /** Shift: the range from the anchor. */
  range?: boolean;
  /** Ctrl or Cmd: toggle one item, or add a range to the selection. */
  toggle?: boolean;
}

export function selectItem(
  selection: Selection,
  orderedIds: readonly string[],
  id: string,
  { range = false, toggle = false }: SelectModifiers = {},
): Selection {
  if (range && selection.anchor !== null) {
    const from = orderedIds.indexOf(selection.anchor);
    const to = orderedIds.indexOf(id);
    if (from !== -1 && to !== -1) {
      const ids = new Set(toggle ? selection.ids : []);
      for (let index = Math.min(from, to); index <= Math.max(from, to); index += 1)
        ids.add(orderedIds[index]!);
      return { ids, anchor: selection.anchor };
    }
  }
  if (toggle) return toggleItem(selection, id);
  return { ids: new Set([id]), anchor: id };
}

/** Space, Enter or Ctrl-click on an item: in or out of the selection, and the new anchor. */
export function toggleItem(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (!ids.delete(id)) ids.add(id);
  return { ids, anchor: id };
}

export function selectAll(orderedIds: readonly string[]): Selection {
  return { ids: new Set(orderedIds), anchor: orderedIds[0] ?? null };
}

/** The selected ids that are still in the tab, in its order. */
export function selectedInOrder(selection: Selection, orderedIds: readonly string[]): string[] {
  if (selection.ids.size === 0) return [];
  return orderedIds.filter((id) => selection.ids.has(id));
}

/**
 * The item that takes the focus once `leaving` have left the tab, so a keyboard user goes on from
 * where they were: the focused item when it stays, else the first one after it that stays, else
 * the last one before it; null when none stays. With no focused item, from the first leaving one.
 */
export function focusAfterLeaving(
  orderedIds: readonly string[],
  leaving: ReadonlySet<string>,
  focusedId: string | undefined,
): string | null {
  const focused = focusedId === undefined ? -1 : orderedIds.indexOf(focusedId);
  const from = focused !== -1 ? focused : orderedIds.findIndex((id) => leaving.has(id));
  if (from === -1) return orderedIds[0] ?? null;
  const after = orderedIds.slice(from).find((id) => !leaving.has(id));
  return after ?? orderedIds.slice(0, from).findLast((id) => !leaving.has(id)) ?? null;
}
