import { type CatalogItem, catalogTabLabels, segmentationLimits } from "@cm/contracts/catalog-segmentation";
import {
  type CatalogType,
  catalogTypeLabels,
  type ItemPlacement,
  itemPlacementValues,
} from "@cm/contracts/catalogs";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useId, useMemo, useRef, useState } from "react";
import { ItemImage } from "@/components/item-image";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { itemName, matchesItemSearch } from "@/features/catalogs/utils/item-text";
import { type AddItemChoice, itemOrigin, type SourceFilter } from "@/features/catalogs/utils/placement-plan";
import { isPlacedIn } from "@/features/catalogs/utils/segmentation-data";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { cn } from "@/lib/utils";

const sourceFilterLabels: Record<SourceFilter, string> = { all: "All items", ...catalogTabLabels };

const rowHeight = 56;

interface AddItemsBodyProps {
  items: readonly CatalogItem[];
  target: CatalogType;
  busy: boolean;
  onCancel: () => void;
  onAdd: (choices: AddItemChoice[]) => void;
}

function AddItemsBody({ items, target, busy, onCancel, onAdd }: AddItemsBodyProps) {
  const filterId = useId();
  const [filter, setFilter] = useState<SourceFilter>("all");
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebouncedValue(search, segmentationLimits.searchDebounceMs);
  const [chosen, setChosen] = useState<ReadonlyMap<string, ItemPlacement>>(() => new Map());

  const shown = useMemo(
    () =>
      items.filter(
        (item) => (filter === "all" || isPlacedIn(item, filter)) && matchesItemSearch(item, debouncedSearch),
      ),
    [items, filter, debouncedSearch],
  );
  const choosable = useMemo(
    () => shown.filter((item) => !item.catalogTypes.includes(target)),
    [shown, target],
  );
  const allShownChosen = choosable.length > 0 && choosable.every((item) => chosen.has(item.id));
  const someShownChosen = choosable.some((item) => chosen.has(item.id));

  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer is read during render on purpose (its measurements drive the rows shown).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });

  function toggle(item: CatalogItem, on: boolean) {
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(item.id, itemOrigin(item, filter));
      else next.delete(item.id);
      return next;
    });
  }

  function toggleShown(on: boolean) {
    setChosen((current) => {
      const next = new Map(current);
      for (const item of choosable) {
        if (on) next.set(item.id, itemOrigin(item, filter));
        else next.delete(item.id);
      }
      return next;
    });
  }

  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Select value={filter} onValueChange={(value) => setFilter(value as SourceFilter)}>
          <SelectTrigger id={filterId} aria-label="Show items from" className="sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(["all", ...itemPlacementValues] as const).map((value) => (
              <SelectItem key={value} value={value}>
                {sourceFilterLabels[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <SearchInput
          aria-label="Search items by id or title"
          placeholder="Search by model code, silhouette or color"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="sm:w-auto sm:flex-1"
        />
      </div>
      <div className="flex items-center justify-between gap-2 text-sm">
        <label className="flex items-center gap-2 font-medium">
          <Checkbox
            checked={allShownChosen ? true : someShownChosen ? "indeterminate" : false}
            disabled={choosable.length === 0}
            onCheckedChange={() => toggleShown(!allShownChosen)}
          />
          Select all shown
        </label>
        <span className="text-muted-foreground tabular-nums" aria-live="polite">
          {shown.length.toLocaleString("en-US")} shown · {chosen.size.toLocaleString("en-US")} chosen
        </span>
      </div>
      <div ref={scrollRef} className="h-[min(360px,45svh)] overflow-auto rounded-md border">
        {shown.length === 0 ? (
          <p className="px-3 py-10 text-center text-sm text-muted-foreground">No items found.</p>
        ) : (
          <ul
            aria-label="Items to add"
            className="relative w-full"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((row) => {
              const item = shown[row.index]!;
              const already = item.catalogTypes.includes(target);
              const checked = already || chosen.has(item.id);
              return (
                <li
                  key={item.id}
                  className="absolute top-0 left-0 w-full border-b last:border-b-0"
                  style={{ height: rowHeight, transform: `translateY(${row.start}px)` }}
                >
                  <label
                    className={cn(
                      "flex h-full items-center gap-3 px-3",
                      already ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-muted/50",
                    )}
                  >
                    <Checkbox
                      checked={checked}
                      disabled={already}
                      onCheckedChange={(value) => toggle(item, value === true)}
                      aria-label={itemName(item)}
                    />
                    <ItemImage
                      imageUrls={item.image_url ? [item.image_url] : null}
                      alt=""
                      className="size-10 shrink-0"
                    />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate text-sm font-medium tabular-nums">{item.model_code}</span>
                      <span className="truncate text-xs text-muted-foreground">
                        {[item.silhouette, item.color].filter(Boolean).join(" · ")}
                      </span>
                    </span>
                    <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">
                      {already
                        ? `In ${catalogTypeLabels[target]}`
                        : item.catalogTypes.length > 0
                          ? item.catalogTypes.map((type) => catalogTypeLabels[type]).join(", ")
                          : catalogTypeLabels.unsorted}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          disabled={chosen.size === 0 || busy}
          onClick={() => onAdd([...chosen].map(([modelCode, origin]) => ({ modelCode, origin })))}
        >
          {busy
            ? "Adding..."
            : `Add ${chosen.size > 0 ? `${chosen.size.toLocaleString("en-US")} ` : ""}item${chosen.size === 1 ? "" : "s"}`}
        </Button>
      </DialogFooter>
    </>
  );
}

export interface AddItemsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Every item of the line list, in line list order. */
  items: readonly CatalogItem[];
  target: CatalogType;
  busy: boolean;
  onAdd: (choices: AddItemChoice[]) => void;
}

/**
 * Adds items of the line list to the tab's catalog: filter by where they are now (all,
 * athletic, boutique, crocs, unsorted) and by text on id or title, pick, Add. Items already in
 * the catalog are shown checked and disabled.
 */
export function AddItemsDialog({ open, onOpenChange, items, target, busy, onAdd }: AddItemsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add items to {catalogTabLabels[target]}</DialogTitle>
          <DialogDescription>
            Choose items of this line list. They join the {catalogTypeLabels[target].toLowerCase()} catalog
            and stay wherever else they are.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <AddItemsBody
            items={items}
            target={target}
            busy={busy}
            onCancel={() => onOpenChange(false)}
            onAdd={onAdd}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
