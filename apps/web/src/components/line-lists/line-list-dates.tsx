import type { LineList } from "@cm/contracts/line-lists";
import { cn } from "@/lib/utils";

/**
 * The dates a line list has (sent, the pre-book deadline, the future-stock availability), each
 * with its label; nothing when it has none. `format` picks the spec's form for the screen
 * (MM/DD/YY in the segmentation header, MM/DD/YYYY on cards, long form in tables).
 */
export function LineListDates({
  lineList,
  format,
  layout = "row",
}: {
  lineList: Pick<LineList, "dateSent" | "sentOn" | "deadline" | "dateOfAvailability">;
  format: (date: string) => string;
  /** "row": side by side; "stacked": one per line, for a table cell. */
  layout?: "row" | "stacked";
}) {
  const dates = [
    { label: "Sent", value: lineList.dateSent ?? lineList.sentOn },
    { label: "Deadline", value: lineList.deadline },
    { label: "Available", value: lineList.dateOfAvailability },
  ].filter((date): date is { label: string; value: string } => Boolean(date.value));
  if (dates.length === 0) return null;
  return (
    <dl
      className={cn(
        layout === "row"
          ? "flex flex-wrap gap-x-4 gap-y-1 text-sm"
          : "grid grid-cols-[auto_auto] gap-x-2 text-xs",
      )}
    >
      {dates.map((date) => (
        <div key={date.label} className={layout === "row" ? "flex gap-1.5" : "contents"}>
          <dt className="text-muted-foreground">{date.label}</dt>
          <dd className="tabular-nums">{format(date.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
