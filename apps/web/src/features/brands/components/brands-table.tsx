import { type Brand, brandMessages } from "@cm/contracts/brands";
import { defaultPageSize } from "@cm/contracts/envelope";
import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowPaginationFeature,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { PencilIcon, Trash2Icon } from "lucide-react";
import { createContext, useContext, useEffect } from "react";
import { Link } from "react-router";
import { TableEmptyRow, TableLoadingRows } from "@/components/list-states";
import { RequirePermission } from "@/components/require-permission";
import { SearchInput } from "@/components/search-input";
import { StatusBadge } from "@/components/status-badge";
import { TablePagination } from "@/components/table-pagination";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { formatDatePPP } from "@/lib/format";
import { cn } from "@/lib/utils";

const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

/** What a row's delete button does; given by the screen, so the columns stay module constants. */
const DeleteBrandContext = createContext<(brand: Brand) => void>(() => {});

function BrandRowActions({ brand }: { brand: Brand }) {
  const requestDelete = useContext(DeleteBrandContext);
  return (
    <div className="flex justify-end gap-1">
      <RequirePermission permission="brands.manage" tooltip="Edit">
        <Button asChild variant="ghost" size="icon-sm">
          <Link to={paths.home.brands.edit.getHref(brand.id)} aria-label={`Edit ${brand.name}`}>
            <PencilIcon aria-hidden="true" />
          </Link>
        </Button>
      </RequirePermission>
      <RequirePermission permission="brands.manage" tooltip="Delete">
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={`Delete ${brand.name}`}
          onClick={() => requestDelete(brand)}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </RequirePermission>
    </div>
  );
}

const helper = createColumnHelper<typeof features, Brand>();
const columns = helper.columns([
  helper.accessor("name", {
    header: "Name",
    cell: ({ row }) => (
      <Link
        to={paths.home.brands.lineLists.getHref(row.original.id)}
        className="font-medium underline-offset-4 hover:underline"
      >
        {row.original.name}
      </Link>
    ),
  }),
  helper.accessor("description", {
    header: "Description",
    enableGlobalFilter: false,
    cell: ({ getValue }) => (
      <span className="block max-w-md truncate text-muted-foreground">{getValue() ?? "—"}</span>
    ),
  }),
  helper.accessor("status", {
    header: "Status",
    enableGlobalFilter: false,
    cell: ({ getValue }) => <StatusBadge status={getValue()} />,
  }),
  helper.accessor("wholesaleFactor", {
    header: "Wholesale factor",
    enableGlobalFilter: false,
    cell: ({ getValue }) => <span className="tabular-nums">{getValue().toFixed(2)}</span>,
  }),
  helper.accessor("createdAt", {
    header: "Created",
    enableGlobalFilter: false,
    cell: ({ getValue }) => <span className="tabular-nums">{formatDatePPP(new Date(getValue()))}</span>,
  }),
  helper.display({
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => <BrandRowActions brand={row.original} />,
  }),
]);

/** Columns shown only where there is room for them. */
const wideOnly = new Set(["description", "wholesaleFactor", "createdAt"]);
/** Numbers line up on the right. */
const numeric = new Set(["wholesaleFactor"]);

const noBrands: Brand[] = [];

export interface BrandsTableProps {
  brands: Brand[] | undefined;
  loading: boolean;
  onDelete: (brand: Brand) => void;
}

/** The brands, searchable by name (any letter case), 10 a page. */
export function BrandsTable({ brands, loading, onDelete }: BrandsTableProps) {
  const table = useTable({
    features,
    columns,
    data: brands ?? noBrands,
    globalFilterFn: "includesString",
    // The page stays put when a brand is added or deleted; the search goes back to page 1 itself.
    autoResetPageIndex: false,
    initialState: { pagination: { pageIndex: 0, pageSize: defaultPageSize }, globalFilter: "" },
  });

  const search = String(table.state.globalFilter ?? "");
  const { pageIndex, pageSize } = table.state.pagination;
  const total = table.getRowCount();
  const pageCount = Math.max(1, table.getPageCount());
  const rows = table.getRowModel().rows;

  // A delete may leave the last page empty: show the page before it.
  useEffect(() => {
    if (pageIndex > pageCount - 1) table.setPageIndex(pageCount - 1);
  }, [pageIndex, pageCount, table]);

  return (
    <DeleteBrandContext.Provider value={onDelete}>
      <div className="flex flex-col gap-4">
        <SearchInput
          aria-label="Search brands"
          placeholder="Search by name"
          value={search}
          onChange={(event) => {
            table.setGlobalFilter(event.target.value);
            table.setPageIndex(0);
          }}
        />
        <div className="rounded-lg border">
          <Table aria-label="Brands" aria-busy={loading}>
            <TableHeader>
              {table.getHeaderGroups().map((group) => (
                <TableRow key={group.id} className="hover:bg-transparent">
                  {group.headers.map((header) => (
                    <TableHead
                      key={header.id}
                      className={cn(
                        "px-3",
                        wideOnly.has(header.column.id) && "hidden md:table-cell",
                        numeric.has(header.column.id) && "text-right",
                        header.column.id === "actions" && "w-24",
                      )}
                    >
                      {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                    </TableHead>
                  ))}
                </TableRow>
              ))}
            </TableHeader>
            <TableBody>
              {loading ? (
                <TableLoadingRows columns={columns.length} />
              ) : rows.length === 0 ? (
                <TableEmptyRow colSpan={columns.length}>{brandMessages.noBrandFound}</TableEmptyRow>
              ) : (
                rows.map((row) => (
                  <TableRow key={row.id}>
                    {row.getAllCells().map((cell) => (
                      <TableCell
                        key={cell.id}
                        className={cn(
                          "px-3",
                          wideOnly.has(cell.column.id) && "hidden md:table-cell",
                          numeric.has(cell.column.id) && "text-right",
                        )}
                      >
                        <table.FlexRender cell={cell} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
        <TablePagination
          label="brands"
          list={{
            from: total === 0 ? 0 : pageIndex * pageSize + 1,
            to: pageIndex * pageSize + rows.length,
            total,
            canPrevious: table.getCanPreviousPage(),
            canNext: table.getCanNextPage(),
            previous: () => table.previousPage(),
            next: () => table.nextPage(),
          }}
        />
      </div>
    </DeleteBrandContext.Provider>
  );
}
