import type { CatalogItem } from "@cm/contracts/catalog-segmentation";
import type { ItemPlacement } from "@cm/contracts/catalogs";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useImperativeHandle, useRef, useState } from "react";
import type * as React from "react";
import { ItemCard } from "@/features/catalogs/components/item-card";
import { useElementBox } from "@/features/catalogs/hooks/use-element-box";
import type { ItemSelection } from "@/features/catalogs/hooks/use-item-selection";
import { estimatedRowHeight, gridColumnCount, gridLayout } from "@/features/catalogs/utils/grid-layout";

/** Room the sticky bars take above (app header, tabs, toolbar) and below (footer) the grid. */
const stickyTop = 150;
const stickyBottom = 80;

/** What the board asks of the grid: focus an item, scrolling it into view first when it is not rendered. */
export interface ItemGridHandle {
  focusItem: (id: string) => void;
}

export interface ItemGridProps {
  ref?: React.Ref<ItemGridHandle>;
  items: readonly CatalogItem[];
  place: ItemPlacement;
  /** The grid's accessible name: the tab's. */
  label: string;
  selectedIds: ReadonlySet<string>;
  selection: Pick<ItemSelection, "select" | "toggle" | "extend" | "include" | "selectAll" | "clear">;
  compact: boolean;
  /** Items of the drag under way, dimmed in place. */
  draggedIds: ReadonlySet<string>;
  disabled: boolean;
  /** Shift+F10 or the context menu key on a card. */
  onOpenActions: () => void;
}

/**
 * A tab's items as a grid of cards, virtualized by rows over the window's scroll: only the rows
 * in view (and a few either side) are in the page, so thousands of items stay smooth. Tab
 * reaches one card and arrow keys move between them (with Shift they extend the selection),
 * Space and Enter toggle one, Ctrl or Cmd+A selects all and Escape clears.
 */
export function ItemGrid({
  ref: handleRef,
  items,
  place,
  label,
  selectedIds,
  selection,
  compact,
  draggedIds,
  disabled,
  onOpenActions,
}: ItemGridProps) {
  const { ref, nodeRef, width, top } = useElementBox<HTMLDivElement>();
  const columns = gridColumnCount(width, compact);
  const { gap } = gridLayout(compact);
  const rowCount = Math.ceil(items.length / columns);
  const estimate = estimatedRowHeight(width, compact);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimate,
    overscan: 3,
    scrollMargin: top,
    scrollPaddingStart: stickyTop,
    scrollPaddingEnd: stickyBottom,
  });
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, estimate, columns]);

  // A card to focus once its row is rendered (after scrolling to it).
  const pendingFocus = useRef<number | null>(null);
  const focusCard = useCallback(
    (index: number) => {
      const card = nodeRef.current?.querySelector<HTMLElement>(`[data-item-index="${index}"]`);
      if (card) card.focus();
      return Boolean(card);
    },
    [nodeRef],
  );
  useEffect(() => {
    if (pendingFocus.current !== null && focusCard(pendingFocus.current)) pendingFocus.current = null;
  });
  const focusIndex = useCallback(
    (index: number) => {
      if (focusCard(index)) return;
      pendingFocus.current = index;
      virtualizer.scrollToIndex(Math.floor(index / columns), { align: "auto" });
    },
    [focusCard, virtualizer, columns],
  );
  useImperativeHandle(
    handleRef,
    () => ({
      focusItem: (id) => {
        const index = items.findIndex((item) => item.id === id);
        if (index !== -1) focusIndex(index);
      },
    }),
    [items, focusIndex],
  );

  const { select, toggle, extend, include, selectAll, clear } = selection;
  const onCardKeyDown = useCallback(
    (event: React.KeyboardEvent<HTMLDivElement>, index: number): boolean => {
      const item = items[index];
      if (!item) return false;
      const modifier = event.ctrlKey || event.metaKey;
      if (event.key === " " || event.key === "Enter") {
        event.preventDefault();
        toggle(item.id);
        return true;
      }
      if (modifier && event.key.toLowerCase() === "a") {
        event.preventDefault();
        selectAll();
        return true;
      }
      if (event.key === "Escape") {
        clear();
        return true;
      }
      if (event.key === "ContextMenu" || (event.shiftKey && event.key === "F10")) {
        event.preventDefault();
        include(item.id);
        onOpenActions();
        return true;
      }
      const rowStart = index - (index % columns);
      const pageRows = Math.max(1, Math.floor((window.innerHeight - stickyTop - stickyBottom) / estimate));
      const next: number | undefined = {
        ArrowRight: index + 1,
        ArrowLeft: index - 1,
        ArrowDown: index + columns,
        ArrowUp: index - columns,
        PageDown: index + columns * pageRows,
        PageUp: index - columns * pageRows,
        Home: modifier ? 0 : rowStart,
        End: modifier ? items.length - 1 : Math.min(items.length - 1, rowStart + columns - 1),
      }[event.key];
      if (next === undefined) return false;
      event.preventDefault();
      const target = Math.max(0, Math.min(items.length - 1, next));
      if (target === index) return true;
      if (event.shiftKey) extend(item.id, items[target]!.id);
      focusIndex(target);
      return true;
    },
    [items, columns, estimate, toggle, selectAll, clear, include, extend, onOpenActions, focusIndex],
  );

  const virtualRows = virtualizer.getVirtualItems();

  // One card is reached with Tab: the one last focused while it is rendered, else the first in view.
  const [activeIndex, setActiveIndex] = useState(0);
  const firstRendered = (virtualRows[0]?.index ?? 0) * columns;
  const lastRendered = ((virtualRows.at(-1)?.index ?? -1) + 1) * columns - 1;
  const tabbableIndex =
    activeIndex >= firstRendered && activeIndex <= lastRendered && activeIndex < items.length
      ? activeIndex
      : firstRendered;
  const dragActive = draggedIds.size > 0;

  // A focused card that leaves the tab (moved away) takes the focus with it: it goes on to the
  // card now in its place, not back to the top of the page.
  const hadFocus = useRef(false);
  useEffect(() => {
    if (!hadFocus.current || (document.activeElement && document.activeElement !== document.body)) return;
    const index = Math.min(activeIndex, items.length - 1);
    if (index >= 0 && !focusCard(index)) pendingFocus.current = index;
  }, [items, activeIndex, focusCard]);

  return (
    <div
      ref={ref}
      role="grid"
      aria-label={label}
      aria-multiselectable="true"
      aria-rowcount={rowCount}
      aria-colcount={columns}
      aria-busy={disabled}
      onFocus={() => (hadFocus.current = true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hadFocus.current = false;
      }}
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualRows.map((row) => {
        const first = row.index * columns;
        return (
          <div
            key={row.key}
            role="row"
            aria-rowindex={row.index + 1}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="absolute top-0 left-0 grid w-full"
            style={{
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap,
              paddingBottom: gap,
            }}
          >
            {items.slice(first, first + columns).map((item, offset) => (
              <ItemCard
                key={item.id}
                item={item}
                index={first + offset}
                column={offset + 1}
                place={place}
                selected={selectedIds.has(item.id)}
                compact={compact}
                dragged={draggedIds.has(item.id)}
                dragActive={dragActive}
                disabled={disabled}
                tabbable={first + offset === tabbableIndex}
                onCardFocus={setActiveIndex}
                onPointerSelect={select}
                onCardKeyDown={onCardKeyDown}
              />
            ))}
          </div>
        );
      })}
    </div>
  );
}
