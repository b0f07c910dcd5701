import { catalogTabLabels } from "@cm/contracts/catalog-segmentation";
import { catalogAudienceLabel, catalogTypeLabels, catalogTypeValues } from "@cm/contracts/catalogs";
import { type LineListWithCatalogs, lineListTypeLabels } from "@cm/contracts/line-lists";
import { ArchiveIcon, EllipsisIcon, ReceiptTextIcon, SlidersHorizontalIcon } from "lucide-react";
import { Link } from "react-router";
import { notAvailableYet } from "@/components/not-available-yet";
import { RequirePermission } from "@/components/require-permission";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { LineListDates } from "@/components/line-lists/line-list-dates";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { formatDateLong } from "@/lib/format";
import { LineListStatusBadge } from "@/features/catalogs/components/line-list-status-badge";

/** Items per catalog type, every type shown (0 before its catalog exists), then the unsorted ones. */
function CatalogCounts({ lineList }: { lineList: LineListWithCatalogs }) {
  const counts = [
    ...catalogTypeValues.map((type) => ({
      type,
      label: catalogTypeLabels[type],
      count: lineList.catalogs.find((catalog) => catalog.type === type)?.itemsCount ?? 0,
    })),
    { type: "unsorted", label: catalogTypeLabels.unsorted, count: lineList.unsortedItemsCount },
  ];
  return (
    <dl className="grid grid-cols-4 divide-x rounded-md border bg-muted/30 text-center">
      {counts.map((entry) => (
        <div key={entry.type} className="flex flex-col gap-0.5 px-1 py-2">
          <dt className="text-xs text-muted-foreground">{entry.label}</dt>
          <dd className="text-base font-semibold tabular-nums">{entry.count}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Who sees each catalog once published: "Athletic Catalog · Good, Better, Best". */
function AudienceChips({ lineList }: { lineList: LineListWithCatalogs }) {
  if (lineList.catalogs.length === 0) return null;
  return (
    <ul aria-label="Audiences" className="flex flex-wrap gap-1.5">
      {lineList.catalogs.map((catalog) => (
        <li key={catalog.type}>
          <Badge variant="outline" className="font-normal">
            <span className="font-medium">{catalogTabLabels[catalog.type]}</span>
            <span aria-hidden="true">·</span>
            {catalogAudienceLabel(catalog.audience)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

export interface LineListCardProps {
  lineList: LineListWithCatalogs;
  onPublish: (lineList: LineListWithCatalogs) => void;
  onCancelSchedule: (lineList: LineListWithCatalogs) => void;
}

/** A line list on the catalogs page: what it is, its catalogs' counts, and what can be done next. */
export function LineListCard({ lineList, onPublish, onCancelSchedule }: LineListCardProps) {
  const segmentation = paths.home.catalogSegmentation.getHref(lineList.id);
  const titleId = `line-list-${lineList.id}-title`;

  return (
    <Card aria-labelledby={titleId} role="article">
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant="secondary">{lineListTypeLabels[lineList.type]}</Badge>
            <LineListStatusBadge lineList={lineList} />
          </div>
          <CardTitle id={titleId} className="truncate text-base leading-snug">
            {lineList.name}
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            {[lineList.brandName, [lineList.season, lineList.year].filter(Boolean).join(" ")]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label={`More actions for ${lineList.name}`}>
              <EllipsisIcon aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="min-w-52">
            <RequirePermission permission="orders.view" mode="hide">
              <DropdownMenuItem asChild>
                <Link to={paths.home.orders.all.getHref({ lineListId: String(lineList.id) })}>
                  <ReceiptTextIcon aria-hidden="true" />
                  View Orders
                </Link>
              </DropdownMenuItem>
            </RequirePermission>
            <RequirePermission permission="catalogs.manage" mode="hide">
              <DropdownMenuItem asChild>
                <Link to={segmentation}>
                  <SlidersHorizontalIcon aria-hidden="true" />
                  Manage
                </Link>
              </DropdownMenuItem>
            </RequirePermission>
            <DropdownMenuItem disabled>
              <ArchiveIcon aria-hidden="true" />
              Archive
              <span className="ml-auto text-xs text-muted-foreground">{notAvailableYet}</span>
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <LineListDates lineList={lineList} format={formatDateLong} />
        <CatalogCounts lineList={lineList} />
        <AudienceChips lineList={lineList} />
      </CardContent>
      <CardFooter className="mt-auto justify-end gap-2">
        {!lineList.sortingCompleted ? (
          <RequirePermission permission="catalogs.manage">
            <Button asChild size="sm">
              <Link to={segmentation} aria-label={`Complete sorting of ${lineList.name}`}>
                Complete
              </Link>
            </Button>
          </RequirePermission>
        ) : lineList.published ? (
          <RequirePermission permission="catalogs.manage">
            <Button asChild size="sm" variant="outline">
              <Link to={segmentation} aria-label={`Manage ${lineList.name}`}>
                Manage
              </Link>
            </Button>
          </RequirePermission>
        ) : (
          <>
            <RequirePermission permission="catalogs.manage">
              <Button asChild size="sm" variant="outline">
                <Link to={segmentation} aria-label={`Edit ${lineList.name}`}>
                  Edit
                </Link>
              </Button>
            </RequirePermission>
            {lineList.publishAt ? (
              <RequirePermission permission="catalogs.publish">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onCancelSchedule(lineList)}
                  aria-label={`Cancel the scheduled publication of ${lineList.name}`}
                >
                  Cancel schedule
                </Button>
              </RequirePermission>
            ) : null}
            <RequirePermission permission="catalogs.publish">
              <Button size="sm" onClick={() => onPublish(lineList)} aria-label={`Publish ${lineList.name}`}>
                Publish
              </Button>
            </RequirePermission>
          </>
        )}
      </CardFooter>
    </Card>
  );
}

/** Stands in for a card while the line lists load. */
export function LineListCardSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardHeader className="gap-2">
        <div className="flex gap-1.5">
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-5 w-20" />
        </div>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-32" />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Skeleton className="h-4 w-56" />
        <Skeleton className="h-14 w-full" />
      </CardContent>
      <CardFooter className="justify-end">
        <Skeleton className="h-8 w-20" />
      </CardFooter>
    </Card>
  );
}
