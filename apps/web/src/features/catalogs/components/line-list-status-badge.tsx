import { catalogMessages } from "@cm/contracts/catalogs";
import type { LineList } from "@cm/contracts/line-lists";
import { Badge } from "@/components/ui/badge";

/**
 * Where a line list's catalogs stand, on its card and on the segmentation screen alike. Published
 * comes first: it is what customers see, even when sorting was reopened (or never completed, for
 * a line list published through the API) after the publication.
 */
export function LineListStatusBadge({
  lineList,
}: {
  lineList: Pick<LineList, "published" | "sortingCompleted">;
}) {
  if (lineList.published) {
    return (
      <Badge variant="outline" className="border-emerald-300 bg-emerald-50 text-emerald-900">
        Published
      </Badge>
    );
  }
  if (!lineList.sortingCompleted) return <Badge variant="warning">{catalogMessages.sortingPending}</Badge>;
  return <Badge variant="info">Ready to publish</Badge>;
}
