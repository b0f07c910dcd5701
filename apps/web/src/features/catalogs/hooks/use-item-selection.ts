import { useCallback, useMemo, useState } from "react";
import {
  emptySelection,
  type SelectModifiers,
  selectAll,
  selectedInOrder,
  selectItem,
  type Selection,
  toggleItem,
} from "@/features/catalogs/utils/selection";

/** The selection of the tab on show, over its items in order (see utils/selection). */
export function useItemSelection(orderedIds: readonly string[]) {
  const [selection, setSelection] = useState<Selection>(emptySelection);

  const select = useCallback(
    (id: string, modifiers?: SelectModifiers) =>
      setSelection((current) => selectItem(current, orderedIds, id, modifiers)),
    [orderedIds],
  );
  const toggle = useCallback((id: string) => setSelection((current) => toggleItem(current, id)), []);
  /** Shift with an arrow key: the range from the anchor (or from the item left, without one) to `id`. */
  const extend = useCallback(
    (fromId: string, id: string) =>
      setSelection((current) =>
        selectItem(current.anchor === null ? { ids: current.ids, anchor: fromId } : current, orderedIds, id, {
          range: true,
        }),
      ),
    [orderedIds],
  );
  /** The item is selected, alone when it was not (before a menu opens on it). */
  const include = useCallback(
    (id: string) =>
      setSelection((current) => (current.ids.has(id) ? current : selectItem(current, orderedIds, id))),
    [orderedIds],
  );
  const all = useCallback(() => setSelection(selectAll(orderedIds)), [orderedIds]);
  const clear = useCallback(() => setSelection(emptySelection), []);
  const selectedIds = useMemo(() => selectedInOrder(selection, orderedIds), [selection, orderedIds]);

  return { selection, selectedIds, select, toggle, extend, include, selectAll: all, clear };
}

export type ItemSelection = ReturnType<typeof useItemSelection>;
