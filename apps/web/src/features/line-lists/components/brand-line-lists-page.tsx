import { type LineList, lineListMessages, lineListTypeLabels } from "@cm/contracts/line-lists";
import { PencilIcon, TextCursorInputIcon } from "lucide-react";
import { useState } from "react";
import type * as React from "react";
import { Link } from "react-router";
import { LineListDates } from "@/components/line-lists/line-list-dates";
import { ListTableSection, PageHeader, type ListColumn } from "@/components/list-page";
import { RequirePermission } from "@/components/require-permission";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RenameLineListDialog } from "@/features/line-lists/components/rename-line-list-dialog";
import { TableCell } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { anyContains, useListSearch } from "@/hooks/use-list-search";
import { useLineLists } from "@/lib/api/line-lists/get-line-lists";
import { formatDateLong } from "@/lib/format";

const columns: ListColumn[] = [
  { header: "Name" },
  { header: "Type", className: "hidden sm:table-cell" },
  { header: "Season", className: "hidden md:table-cell" },
  { header: "Dates", className: "hidden lg:table-cell" },
  { header: "Items", className: "hidden text-right sm:table-cell" },
  { header: "Status" },
  { header: "Actions", className: "w-24", srOnly: true },
];

/** Search over the name and the type, as stored ("pre-book") or as shown ("Pre-Book"). */
function matches(lineList: LineList, needle: string): boolean {
  return anyContains(needle, lineList.name, lineList.type, lineListTypeLabels[lineList.type]);
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
  const [renaming, setRenaming] = useState<LineList | null>(null);

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <PageHeader
        title={title}
        loading={{ documentTitle: "Line List Table", label: "Loading the brand…" }}
        description="The brand's saved line lists, newest first."
        actions={uploadAction}
      />

      <ListTableSection
        query={lineLists}
        list={list}
        label="Line lists"
        search={{ label: "Search line lists", placeholder: "Search by name or type" }}
        errorTitle="The line lists could not be loaded"
        columns={columns}
        empty={lineListMessages.noLineListsFound}
        rowKey={(lineList) => lineList.id}
        renderRow={(lineList) => (
          <>
            <TableCell className="whitespace-normal">
              <span className="font-medium">{lineList.name}</span>
              {/* Where the type column does not fit, the type goes under the name. */}
              <span className="block text-xs text-muted-foreground sm:hidden">
                {lineListTypeLabels[lineList.type]} · {lineList.itemsCount} items
              </span>
            </TableCell>
            <TableCell className="hidden sm:table-cell">{lineListTypeLabels[lineList.type]}</TableCell>
            <TableCell className="hidden md:table-cell">
              {[lineList.season, lineList.year].filter(Boolean).join(" ") || "—"}
            </TableCell>
            <TableCell className="hidden lg:table-cell">
              {lineList.dateSent || lineList.sentOn || lineList.deadline || lineList.dateOfAvailability ? (
                <LineListDates lineList={lineList} format={formatDateLong} layout="stacked" />
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">
              {lineList.itemsCount}
            </TableCell>
            <TableCell>
              <LineListStatus lineList={lineList} />
            </TableCell>
            <TableCell className="text-right whitespace-nowrap">
              <RequirePermission permission="catalogs.manage" tooltip="Rename">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Rename ${lineList.name}`}
                  onClick={() => setRenaming(lineList)}
                >
                  <TextCursorInputIcon aria-hidden="true" />
                </Button>
              </RequirePermission>
              <RequirePermission permission="catalogs.manage" tooltip="Edit">
                <Button asChild variant="ghost" size="icon-sm">
                  <Link
                    to={paths.home.lineListPreview.getHref(lineList.id)}
                    aria-label={`Edit ${lineList.name}`}
                  >
                    <PencilIcon aria-hidden="true" />
                  </Link>
                </Button>
              </RequirePermission>
            </TableCell>
          </>
        )}
      />
      <RenameLineListDialog lineList={renaming} onClose={() => setRenaming(null)} />
    </section>
  );
}
