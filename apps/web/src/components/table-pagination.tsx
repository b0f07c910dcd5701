import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ListSearch } from "@/hooks/use-list-search";

const count = new Intl.NumberFormat("en-US");

/**
 * "1–10 of 23" with Previous and Next, under a table paged by `useListSearch` or by the server.
 * A server's capped count (`totalIsLowerBound`) reads "101–125 of 1,100+".
 */
export function TablePagination({
  list,
  label,
}: {
  list: Pick<
    ListSearch<unknown>,
    "from" | "to" | "total" | "canPrevious" | "canNext" | "previous" | "next"
  > & {
    totalIsLowerBound?: boolean;
  };
  /** What the rows are, for screen readers: "people". */
  label: string;
}) {
  const total = `${count.format(list.total)}${list.totalIsLowerBound ? "+" : ""}`;
  return (
    <nav aria-label={`Pages of ${label}`} className="flex items-center justify-between gap-4">
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {list.total === 0 ? "" : `${count.format(list.from)}–${count.format(list.to)} of ${total}`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={list.previous} disabled={!list.canPrevious}>
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" onClick={list.next} disabled={!list.canNext}>
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
