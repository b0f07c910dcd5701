import type { CatalogItem } from "@cm/contracts/catalog-segmentation";
import { catalogTypeLabels, type ItemPlacement, unsortedCatalogType } from "@cm/contracts/catalogs";
import { useDraggable } from "@dnd-kit/core";
import { CheckIcon } from "lucide-react";
import { memo } from "react";
import type * as React from "react";
import { ItemImage } from "@/components/item-image";
import { itemName, sizesSummary } from "@/features/catalogs/utils/item-text";
import type { SelectModifiers } from "@/features/catalogs/utils/selection";
import { cn } from "@/lib/utils";

export interface ItemCardProps {
  item: CatalogItem;
  /** The item's position in the tab. */
  index: number;
  /** 1-based column, for assistive technology. */
  column: number;
  /** The tab the card is shown in: the card names the item's other catalogs. */
  place: ItemPlacement;
  selected: boolean;
  compact: boolean;
  /** The card is part of the drag under way. */
  dragged: boolean;
  /** A drag is under way: the keys belong to it. */
  dragActive: boolean;
  /** A write is under way: nothing can be dragged. */
  disabled: boolean;
  /** The grid's one card reached with Tab (arrow keys move between the others). */
  tabbable: boolean;
  onCardFocus: (index: number) => void;
  onPointerSelect: (id: string, modifiers: SelectModifiers) => void;
  /** Keys on a card: the grid moves focus, toggles and selects; true when it handled the key. */
  onCardKeyDown: (event: React.KeyboardEvent<HTMLDivElement>, index: number) => boolean;
}

/**
 * One item of the grid: focusable, selectable by click, Ctrl/Cmd-click, Shift-click, Space and
 * Enter, and draggable onto a tab. In the compact mode it shows the picture only.
 */
export const ItemCard = memo(function ItemCard({
  item,
  index,
  column,
  place,
  selected,
  compact,
  dragged,
  dragActive,
  disabled,
  tabbable,
  onCardFocus,
  onPointerSelect,
  onCardKeyDown,
}: ItemCardProps) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: item.id, disabled });
  // The sensors' activators (mouse, touch, and the keyboard pick-up key, which must not take Space and Enter).
  const { onKeyDown: sensorKeyDown, ...sensorListeners } = listeners ?? {};
  const otherCatalogs = item.catalogTypes.filter((type) => type !== place);
  const alsoIn = otherCatalogs.map((type) => catalogTypeLabels[type]).join(", ");
  // Its name says what it shows, in the order it shows it (WCAG's label in name): id, silhouette
  // and color, sizes, other catalogs.
  const shown = [itemName(item), sizesSummary(item.sizes), ...(alsoIn ? [`also in ${alsoIn}`] : [])];
  const name = shown.join(", ");

  return (
    <div
      ref={setNodeRef}
      role="gridcell"
      aria-colindex={column}
      aria-selected={selected}
      aria-label={name}
      aria-describedby={attributes["aria-describedby"]}
      tabIndex={tabbable ? 0 : -1}
      data-item-index={index}
      data-item-id={item.id}
      title={compact ? name : undefined}
      {...sensorListeners}
      onFocus={() => onCardFocus(index)}
      onClick={(event) =>
        onPointerSelect(item.id, { range: event.shiftKey, toggle: event.ctrlKey || event.metaKey })
      }
      onKeyDown={(event) => {
        if (dragActive) return;
        if (onCardKeyDown(event, index)) return;
        (sensorKeyDown as React.KeyboardEventHandler<HTMLDivElement> | undefined)?.(event);
      }}
      className={cn(
        "group/card relative flex min-w-0 cursor-pointer touch-manipulation flex-col gap-2 rounded-lg border bg-card outline-none select-none [-webkit-touch-callout:none]",
        "scroll-mt-56 scroll-mb-20 transition-[box-shadow,opacity,border-color] sm:scroll-mt-40 hover:border-foreground/25",
        "focus-visible:ring-[3px] focus-visible:ring-ring/50",
        compact ? "p-1" : "p-2",
        selected && "border-primary bg-primary/5 ring-2 ring-primary hover:border-primary",
        dragged && "opacity-40",
      )}
    >
      {/* The picture takes no pointer events: a browser would start dragging the image itself. */}
      <div className="pointer-events-none relative">
        <ItemImage imageUrls={item.image_url ? [item.image_url] : null} alt="" className="w-full" />
        <span
          aria-hidden="true"
          className={cn(
            "absolute top-1 left-1 flex size-5 items-center justify-center rounded-full border bg-background/90 text-primary-foreground transition-opacity",
            selected ? "border-primary bg-primary opacity-100" : "opacity-0 group-hover/card:opacity-100",
          )}
        >
          <CheckIcon className={cn("size-3.5", !selected && "text-muted-foreground")} />
        </span>
      </div>
      {compact ? null : (
        // The spaces between the lines take no room in the flex column; they keep the card's text
        // words apart, as its name has them ("10001-001 Clog", not "10001-001Clog").
        <div className="flex min-w-0 flex-col gap-0.5 px-0.5 pb-0.5">
          <span className="truncate text-sm font-medium tabular-nums">{item.model_code}</span>{" "}
          <span className="truncate text-xs text-muted-foreground">
            {[item.silhouette, item.color].filter(Boolean).join(" · ") || "\u00a0"}
          </span>{" "}
          <span className="truncate text-xs text-muted-foreground" title={item.sizes.join(", ")}>
            {sizesSummary(item.sizes)}
          </span>{" "}
          {place === unsortedCatalogType ? null : (
            // Kept when empty, so every card of a catalog tab has the same height.
            <span className="truncate text-xs text-muted-foreground">
              {alsoIn ? `Also in ${alsoIn}` : "\u00a0"}
            </span>
          )}
        </div>
      )}
    </div>
  );
});
