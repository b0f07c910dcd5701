import { catalogAudienceMessages, catalogMessages } from "@cm/contracts/catalogs";
import type { LineList } from "@cm/contracts/line-lists";
import { CalendarClockIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatInstantDateTime } from "@/lib/format";

/** "Publishes on 03/01/2027, 2:05 PM": a scheduled publication, in the user's local time. */
function scheduledPublicationText(publishAt: string): string {
  return catalogAudienceMessages.scheduled(formatInstantDateTime(publishAt));
}

/**
 * Where a line list's catalogs stand, on its card and on the segmentation screen alike. Published
 * comes first: it is what customers see, even when sorting was reopened (or never completed, for
 * a line list published through the API) after the publication. Then a scheduled publication.
 */
export function LineListStatusBadge({
  lineList,
}: {
  lineList: Pick<LineList, "published" | "sortingCompleted" | "publishAt">;
}) {
  if (lineList.published) {
    return (
      <Badge variant="outline" className="border-emerald-300 bg-emerald-50 text-emerald-900">
        Published
      </Badge>
    );
  }
  if (lineList.publishAt) {
    return (
      <Badge variant="info">
        <CalendarClockIcon aria-hidden="true" />
        {scheduledPublicationText(lineList.publishAt)}
      </Badge>
    );
  }
  if (!lineList.sortingCompleted) return <Badge variant="warning">{catalogMessages.sortingPending}</Badge>;
  return <Badge variant="info">Ready to publish</Badge>;
}
