import type { PreviewSummary } from "@cm/contracts/line-list-preview";
import { CalendarIcon } from "lucide-react";
import { formatDateLong } from "@/lib/format";

/** The line list's dates, each only when set: Date Sent, Deadline for offers, Date of availability. */
export function PreviewDates({ summary }: { summary: PreviewSummary }) {
  const dates = [
    { label: "Date Sent", value: summary.dateSent },
    { label: "Deadline for offers", value: summary.dateReceived },
    { label: "Date of availability", value: summary.futureDateOfAvailability },
  ].filter((date) => formatDateLong(date.value));
  if (dates.length === 0) return null;
  return (
    <dl className="flex flex-wrap gap-3">
      {dates.map((date) => (
        <div key={date.label} className="flex min-w-48 flex-col gap-1.5">
          <dt className="text-sm font-medium">{date.label}</dt>
          <dd className="flex h-9 items-center gap-2 rounded-md border bg-muted/40 px-3 text-sm">
            <CalendarIcon aria-hidden="true" className="size-4 text-muted-foreground" />
            {formatDateLong(date.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
