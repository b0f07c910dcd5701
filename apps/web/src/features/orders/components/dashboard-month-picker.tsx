import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { formatMonth, shiftMonth } from "@/features/orders/utils/dashboard-month";

/** Two years to pick from; the previous-month button reaches further back. */
const monthsListed = 24;

/**
 * Previous and next month around a select of the last two years, newest first; next stops at
 * `latestMonth`, the current one.
 */
export function DashboardMonthPicker({
  month,
  latestMonth,
  onChange,
}: {
  month: string;
  latestMonth: string;
  onChange: (month: string) => void;
}) {
  const listed = Array.from({ length: monthsListed }, (_, index) => shiftMonth(latestMonth, -index));
  // A month reached with the buttons or typed in the URL stays selectable.
  if (!listed.includes(month)) {
    listed.push(month);
    listed.sort((a, b) => b.localeCompare(a));
  }

  return (
    <div role="group" aria-label="Month" className="flex items-center gap-2">
      <Button
        variant="outline"
        size="icon"
        aria-label="Previous month"
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        <ChevronLeftIcon aria-hidden="true" />
      </Button>
      <Select value={month} onValueChange={onChange}>
        <SelectTrigger aria-label="Month shown" className="w-44 tabular-nums">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {listed.map((option) => (
            <SelectItem key={option} value={option}>
              {formatMonth(option)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button
        variant="outline"
        size="icon"
        aria-label="Next month"
        disabled={month >= latestMonth}
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </div>
  );
}
