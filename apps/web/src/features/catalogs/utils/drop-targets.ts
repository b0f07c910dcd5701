import { catalogTabLabels } from "@cm/contracts/catalog-segmentation";
import type { ItemPlacement } from "@cm/contracts/catalogs";

/** Drop targets while dragging items: each tab, and the panel of the tab on show. */
export const tabDropId = (place: ItemPlacement) => `tab:${place}`;
export const panelDropId = (place: ItemPlacement) => `panel:${place}`;

export interface DropTarget {
  kind: "tab" | "panel";
  place: ItemPlacement;
}

/** Where a drop landed, from the drop target's id; null for anything else. */
export function dropTargetOf(id: string | number | undefined | null): DropTarget | null {
  if (typeof id !== "string") return null;
  const [kind, place] = id.split(":") as [string, ItemPlacement];
  if ((kind !== "tab" && kind !== "panel") || !Object.hasOwn(catalogTabLabels, place)) return null;
  return { kind, place };
}
