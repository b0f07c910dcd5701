import { type PreviewReach, reviewMessages } from "@cm/contracts/line-list-review";
import { useId } from "react";
import { previewColumns } from "@/features/line-lists/components/preview-columns";
import { cn } from "@/lib/utils";

const fieldHeaders = new Map(
  previewColumns.flatMap((column) => (column.field ? [[column.field, column.header] as const] : [])),
);

interface PreviewReachListProps {
  reach: readonly PreviewReach[];
  className?: string;
}

/**
 * The other line lists of the brand a save would change (shared fields only: prices and dates are
 * each line list's own), published ones marked.
 */
export function PreviewReachList({ reach, className }: PreviewReachListProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn("flex flex-col gap-1.5 text-sm", className)}>
      <h2 id={titleId} className="font-medium text-foreground">
        {reviewMessages.reachTitle}
      </h2>
      {reach.length === 0 ? (
        <p className="text-muted-foreground">{reviewMessages.reachNone}</p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label={reviewMessages.reachTitle}>
          {reach.map((lineList) => (
            <li
              key={lineList.lineListId}
              data-published={lineList.published || undefined}
              className="flex flex-wrap items-center gap-2"
            >
              {/* "(published)" in the line says it once; a published line list is set in bold. */}
              <span className={cn(lineList.published && "font-medium")}>
                {reviewMessages.reachLine(lineList.name, lineList.styles, lineList.published)}
              </span>
              {lineList.fields.length > 0 ? (
                <span className="text-muted-foreground">
                  {lineList.fields.map((field) => fieldHeaders.get(field) ?? field).join(", ")}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
