import { lineListTypeLabels } from "@cm/contracts/line-lists";
import { type PortalLineList, portalCatalogMessages } from "@cm/contracts/portal-catalogs";
import { LineListDates } from "@/components/line-lists/line-list-dates";
import { Badge } from "@/components/ui/badge";
import { formatDateLong } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * A published line list's type, "New" when it was published since the user's last visit, and the
 * date that matters to a buyer: the deadline for orders (pre-book) or the date of availability
 * (future stock).
 */
export function LineListSummary({
  lineList,
  showNew = true,
  className,
}: {
  lineList: Pick<PortalLineList, "type" | "deadline" | "dateOfAvailability" | "isNew">;
  showNew?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-center gap-x-3 gap-y-1.5", className)}>
      <Badge variant="secondary">{lineListTypeLabels[lineList.type]}</Badge>
      {showNew && lineList.isNew ? (
        <Badge variant="info">{portalCatalogMessages.newSinceLastVisit}</Badge>
      ) : null}
      <LineListDates
        lineList={{
          dateSent: null,
          sentOn: null,
          deadline: lineList.deadline,
          dateOfAvailability: lineList.dateOfAvailability,
        }}
        format={formatDateLong}
      />
    </div>
  );
}
