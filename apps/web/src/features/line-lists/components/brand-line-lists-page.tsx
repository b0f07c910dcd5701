import { type LineList, lineListMessages, lineListTypeLabels } from "@cm/contracts/line-lists";
import { PencilIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { ListLoadError, TableEmptyRow, TableLoadingRows } from "@/components/list-states";
import { SearchInput } from "@/components/search-input";
import { TablePagination } from "@/components/table-pagination";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { anyContains, useListSearch } from "@/hooks/use-list-search";
import { useLineLists } from "@/lib/api/line-lists/get-line-lists";
import { formatDateLong } from "@/lib/format";

const columnCount = 7;

/** Search over the name and the type, as stored ("pre-book") or as shown ("Pre-Book"). */
function matches(lineList: LineList, needle: string): boolean {
  return anyContains(needle, lineList.name, lineList.type, lineListTypeLabels[lineList.type]);
}

function LineListDates({ lineList }: { lineList: LineList }) {
  const dates = [
    { label: "Sent", value: lineList.dateSent ?? lineList.sentOn },
    { label: "Deadline", value: lineList.deadline },
    { label: "Available", value: lineList.dateOfAvailability },
  ].filter((date) => date.value);
  if (dates.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs">
      {dates.map((date) => (
        <div key={date.label} className="contents">
          <dt className="text-muted-foreground">{date.label}</dt>
          <dd className="tabular-nums">{formatDateLong(date.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function LineListStatus({ lineList }: { lineList: LineList }) {
  return (
    <div className="flex flex-wrap gap-1">
      {lineList.published ? (
        <Badge variant="outline" className="border-emerald-300 bg-emerald-50 text-emerald-900">
          Published
        </Badge>
      ) : (
        <Badge variant="outline">Unpublished</Badge>
      )}
      {lineList.sortingCompleted ? null : <Badge variant="warning">Sorting Pending</Badge>}
    </div>
  );
}

export interface BrandLineListsPageProps {
  brandId: number;
  /** The brand's name; undefined while the brand list loads. */
  brandName: string | undefined;
  /** The header's upload control (the Upload Inventory dialog, with this brand chosen). */
  uploadAction: React.ReactNode;
}

/** `/home/brand/{brandId}/line-lists`: the brand's saved line lists, searchable, 10 a page. */
export function BrandLineListsPage({ brandId, brandName, uploadAction }: BrandLineListsPageProps) {
  const lineLists = useLineLists({ brandId });
  const list = useListSearch(lineLists.data, matches);
  const title = brandName === undefined ? undefined : `${brandName} Line List Table`;

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <title>{`${title ?? "Line List Table"} · Catalog Manager`}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            {title ?? (
              <>
                <span className="sr-only">Loading the brand…</span>
                <Skeleton aria-hidden="true" className="h-8 w-72" />
              </>
            )}
          </h1>
          <p className="text-sm text-muted-foreground">The brand's saved line lists, newest first.</p>
        </div>
        {uploadAction}
      </div>

      {lineLists.isError ? (
        <ListLoadError
          title="The line lists could not be loaded"
          message={lineLists.error.message}
          onRetry={() => void lineLists.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <SearchInput
            aria-label="Search line lists"
            placeholder="Search by name or type"
            value={list.search}
            onChange={(event) => list.setSearch(event.target.value)}
          />
          <div className="rounded-lg border">
            <Table aria-label="Line lists" aria-busy={lineLists.isPending}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="px-3">Name</TableHead>
                  <TableHead className="hidden px-3 sm:table-cell">Type</TableHead>
                  <TableHead className="hidden px-3 md:table-cell">Season</TableHead>
                  <TableHead className="hidden px-3 lg:table-cell">Dates</TableHead>
                  <TableHead className="hidden px-3 text-right sm:table-cell">Items</TableHead>
                  <TableHead className="px-3">Status</TableHead>
                  <TableHead className="w-16 px-3">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {lineLists.isPending ? (
                  <TableLoadingRows columns={columnCount} />
                ) : list.rows.length === 0 ? (
                  <TableEmptyRow colSpan={columnCount}>{lineListMessages.noLineListsFound}</TableEmptyRow>
                ) : (
                  list.rows.map((lineList) => (
                    <TableRow key={lineList.id}>
                      <TableCell className="px-3 whitespace-normal">
                        <span className="font-medium">{lineList.name}</span>
                        {/* Where the type column does not fit, the type goes under the name. */}
                        <span className="block text-xs text-muted-foreground sm:hidden">
                          {lineListTypeLabels[lineList.type]} · {lineList.itemsCount} items
                        </span>
                      </TableCell>
                      <TableCell className="hidden px-3 sm:table-cell">
                        {lineListTypeLabels[lineList.type]}
                      </TableCell>
                      <TableCell className="hidden px-3 md:table-cell">
                        {[lineList.season, lineList.year].filter(Boolean).join(" ") || "—"}
                      </TableCell>
                      <TableCell className="hidden px-3 lg:table-cell">
                        <LineListDates lineList={lineList} />
                      </TableCell>
                      <TableCell className="hidden px-3 text-right tabular-nums sm:table-cell">
                        {lineList.itemsCount}
                      </TableCell>
                      <TableCell className="px-3">
                        <LineListStatus lineList={lineList} />
                      </TableCell>
                      <TableCell className="px-3">
                        <Button asChild variant="ghost" size="icon-sm">
                          <Link
                            to={paths.home.lineListPreview.getHref(lineList.id)}
                            aria-label={`Edit ${lineList.name}`}
                            title="Edit"
                          >
                            <PencilIcon aria-hidden="true" />
                          </Link>
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </div>
          <TablePagination list={list} label="line lists" />
        </div>
      )}
    </section>
  );
}
