import { type DroppedStyle, type PreviewSummary, previewMessages } from "@cm/contracts/line-list-preview";
import { reviewMessages } from "@cm/contracts/line-list-review";
import { TriangleAlertIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { PreviewChoicesStore } from "@/features/line-lists/hooks/preview-choices-store";
import { useChoicesVersion, usePreviewChoicesStore } from "@/features/line-lists/hooks/use-preview-choices";
import { formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Why a dropped style cannot leave the line list (an order uses it, or a published catalog). */
const blockedLabels: Record<NonNullable<DroppedStyle["removeBlockedBy"]>, string> = {
  ordered: "Stays: an order uses it",
  published: "Stays: in a published catalog",
};

function DroppedStyleChoice({ store, style }: { store: PreviewChoicesStore; style: DroppedStyle }) {
  const blocked = style.removeBlockedBy;
  if (blocked) return <span className="text-xs text-muted-foreground">{blockedLabels[blocked]}</span>;
  const removed = store.isRemoved(style);
  return (
    <Button
      variant={removed ? "outline" : "ghost"}
      size="sm"
      className="h-7"
      aria-label={`${removed ? reviewMessages.keepInLineList : reviewMessages.removeFromLineList}: ${style.model_code}`}
      onClick={() => store.choose({ kind: "dropped", styles: [style], remove: !removed })}
    >
      {removed ? reviewMessages.keepInLineList : reviewMessages.removeFromLineList}
    </Button>
  );
}

/**
 * An update's styles of the line list missing from the new file: kept unless the person removes
 * them, one by one or all at once (those an order or a published catalog uses always stay).
 */
export function PreviewDroppedStyles({ summary }: { summary: PreviewSummary }) {
  const store = usePreviewChoicesStore();
  useChoicesVersion();
  if (summary.action !== "update" || summary.dropped.count === 0) return null;
  const styles = summary.dropped.styles;
  const removable = styles.filter((style) => style.removeBlockedBy === null);
  const removed = store
    ? styles.filter((style) => store.isRemoved(style))
    : styles.filter((style) => style.remove);
  const allRemoved = removable.length > 0 && removable.every((style) => removed.includes(style));
  return (
    <Alert>
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle>{previewMessages.droppedNotice(summary.dropped.count)}</AlertTitle>
      <AlertDescription>
        {removed.length > 0 ? (
          <p aria-live="polite">
            {removed.length.toLocaleString("en-US")} of {summary.dropped.count.toLocaleString("en-US")} to be
            removed from the line list on save.
          </p>
        ) : (
          <p aria-live="polite" className="sr-only">
            None to be removed.
          </p>
        )}
        <details className="w-full">
          <summary className="cursor-pointer text-sm font-medium text-foreground">Show the styles</summary>
          {store && removable.length > 0 ? (
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => store.choose({ kind: "dropped", styles: removable, remove: !allRemoved })}
              >
                {allRemoved
                  ? `${reviewMessages.keepInLineList}: all ${removable.length.toLocaleString("en-US")}`
                  : `${reviewMessages.removeFromLineList}: all ${removable.length.toLocaleString("en-US")}`}
              </Button>
            </div>
          ) : null}
          <ul
            className="mt-2 max-h-48 overflow-auto rounded-md border text-sm"
            tabIndex={0}
            aria-label="Dropped styles"
          >
            {styles.map((style) => {
              const gone = removed.includes(style);
              return (
                <li
                  key={style.model_code}
                  data-removed={gone || undefined}
                  className={cn(
                    "flex flex-wrap items-center gap-x-3 border-b px-3 py-1.5 last:border-b-0",
                    gone && "bg-muted/50 text-muted-foreground",
                  )}
                >
                  <span className={cn("font-medium tabular-nums", gone && "line-through")}>
                    {style.model_code}
                  </span>
                  <span>{[style.silhouette, style.color, style.gender].filter(Boolean).join(" · ")}</span>
                  <span className="ml-auto tabular-nums">{formatMoney(style.msrp)}</span>
                  {store ? <DroppedStyleChoice store={store} style={style} /> : null}
                </li>
              );
            })}
          </ul>
          {styles.length < summary.dropped.count ? (
            <p className="mt-1 text-xs">
              The first {styles.length.toLocaleString("en-US")} of{" "}
              {summary.dropped.count.toLocaleString("en-US")}.
            </p>
          ) : null}
        </details>
      </AlertDescription>
    </Alert>
  );
}
