import { type CatalogItem, segmentationLimits } from "@cm/contracts/catalog-segmentation";
import { ItemImage } from "@/components/item-image";

/**
 * What follows the pointer while items are dragged: up to the spec's 7 cards stacked with a
 * small offset each, and how many items are on the move.
 */
export function DragGhost({ items, count }: { items: readonly CatalogItem[]; count: number }) {
  const stacked = items.slice(0, segmentationLimits.dragGhostMaxStack);
  const offset = 6;
  const size = 88;
  const extent = size + offset * (stacked.length - 1);
  return (
    <div className="pointer-events-none relative cursor-grabbing" style={{ width: extent, height: extent }}>
      {stacked
        .map((item, index) => (
          <div
            key={item.id}
            data-ghost-card=""
            className="absolute rounded-lg border bg-card p-1 shadow-md"
            style={{
              width: size,
              height: size,
              left: index * offset,
              top: index * offset,
              transform: `rotate(${index === 0 ? 0 : (index % 2 === 0 ? 1 : -1) * Math.min(index, 3)}deg)`,
            }}
          >
            <ItemImage imageUrls={item.image_url ? [item.image_url] : null} alt="" className="size-full" />
            {index === 0 ? (
              <span className="absolute right-1 bottom-1 left-1 truncate rounded bg-background/90 px-1 text-[10px] font-medium tabular-nums">
                {item.model_code}
              </span>
            ) : null}
          </div>
        ))
        .reverse()}
      <span className="absolute -top-2 -right-2 flex h-6 min-w-6 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums shadow">
        {count.toLocaleString("en-US")}
      </span>
    </div>
  );
}
