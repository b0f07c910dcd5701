import { type Brand, brandMessages } from "@cm/contracts/brands";
import { PencilIcon, Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import { type ListColumn, ListTableSection } from "@/components/list-page";
import { RequirePermission } from "@/components/require-permission";
import { StatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { TableCell } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { anyContains, useListSearch } from "@/hooks/use-list-search";
import { formatInstantDate } from "@/lib/format";

/** SPEC.md section 5, Search: brands by name. */
function matchesBrand(brand: Brand, needle: string): boolean {
  return anyContains(needle, brand.name);
}

/** Description, wholesale factor and creation date only where there is room for them. */
const wideOnly = "hidden md:table-cell";

const columns: ListColumn[] = [
  { header: "Name" },
  { header: "Description", className: wideOnly },
  { header: "Status" },
  { header: "Wholesale factor", className: `${wideOnly} text-right` },
  { header: "Created", className: wideOnly },
  { header: "Actions", className: "w-24", srOnly: true },
];

function BrandRowActions({ brand, onDelete }: { brand: Brand; onDelete: (brand: Brand) => void }) {
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
          onClick={() => onDelete(brand)}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </RequirePermission>
    </div>
  );
}

/** The brands, searchable by name (any letter case), 10 a page, or why they could not be loaded. */
export function BrandsTable({
  query,
  onDelete,
}: {
  query: {
    data: Brand[] | undefined;
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  onDelete: (brand: Brand) => void;
}) {
  const list = useListSearch(query.data, matchesBrand);
  return (
    <ListTableSection
      query={query}
      list={list}
      label="Brands"
      search={{ label: "Search brands", placeholder: "Search by name" }}
      errorTitle="The brands could not be loaded"
      columns={columns}
      empty={brandMessages.noBrandFound}
      rowKey={(brand) => brand.id}
      renderRow={(brand) => (
        <>
          <TableCell>
            <Link
              to={paths.home.brands.lineLists.getHref(brand.id)}
              className="font-medium underline-offset-4 hover:underline"
            >
              {brand.name}
            </Link>
          </TableCell>
          <TableCell className={wideOnly}>
            <span className="block max-w-md truncate text-muted-foreground">{brand.description ?? "—"}</span>
          </TableCell>
          <TableCell>
            <StatusBadge status={brand.status} />
          </TableCell>
          <TableCell className={`${wideOnly} text-right tabular-nums`}>
            {brand.wholesaleFactor.toFixed(2)}
          </TableCell>
          <TableCell className={`${wideOnly} tabular-nums`}>{formatInstantDate(brand.createdAt)}</TableCell>
          <TableCell>
            <BrandRowActions brand={brand} onDelete={onDelete} />
          </TableCell>
        </>
      )}
    />
  );
}
