import { catalogTabLabels } from "@cm/contracts/catalog-segmentation";
import type { ItemPlacement } from "@cm/contracts/catalogs";
import { useDroppable } from "@dnd-kit/core";
import { TabsTrigger } from "@/components/ui/tabs";
import { tabDropId } from "@/features/catalogs/utils/drop-targets";
import { cn } from "@/lib/utils";

/** A tab with its item count; while items are dragged it is a place to drop them. */
export function CatalogTab({
  place,
  count,
  dragActive,
}: {
  place: ItemPlacement;
  count: number;
  dragActive: boolean;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: tabDropId(place) });
  return (
    <TabsTrigger
      ref={setNodeRef}
      value={place}
      data-drop-over={isOver || undefined}
      className={cn(
        "h-8 flex-none justify-between gap-2 px-3 sm:h-full sm:justify-center",
        dragActive && "border-dashed border-primary/40",
        "data-[drop-over]:border-solid data-[drop-over]:border-primary data-[drop-over]:bg-primary/10 data-[drop-over]:text-foreground",
      )}
    >
      {catalogTabLabels[place]}
      <span className="rounded-md bg-foreground/10 px-1.5 py-0.5 text-xs font-medium tabular-nums">
        {count.toLocaleString("en-US")}
      </span>
    </TabsTrigger>
  );
}
