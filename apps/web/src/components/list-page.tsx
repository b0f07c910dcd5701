import type * as React from "react";
import { ListLoadError, TableEmptyRow, TableLoadingRows } from "@/components/list-states";
import { SearchInput } from "@/components/search-input";
import { Skeleton } from "@/components/ui/skeleton";
import { TablePagination } from "@/components/table-pagination";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ListSearch } from "@/hooks/use-list-search";
import { cn } from "@/lib/utils";

/**
 * A screen's heading (and the document title), its one-line description and its buttons. A title
 * that names what is still loading (a brand's name) is `undefined` meanwhile: the heading shows a
 * skeleton, and `loading` says what the document title and screen readers get instead.
 */
export function PageHeader({
  title,
  loading,
  description,
  actions,
}: {
  title: string | undefined;
  loading?: { documentTitle: string; label: string };
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <title>{`${title ?? loading?.documentTitle ?? ""} · Catalog Manager`}</title>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
          {title ?? (
            <>
              <span className="sr-only">{loading?.label}</span>
              <Skeleton aria-hidden="true" className="h-8 w-72" />
            </>
          )}
        </h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export interface ListColumn {
  /** The column's heading; for the actions column, what screen readers announce. */
  header: string;
  className?: string;
  /** Heading read by screen readers only (the row actions). */
  srOnly?: boolean;
}

/** The query a list screen shows: TanStack Query's result, as far as the list needs it. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * The body of a list screen (SPEC.md sections 5 and 9) over a list loaded whole and paged by
 * `useListSearch`: the search box, then the table with its loading rows, its empty state and
 * 10 rows a page, or the load error with a way to try again.
 */
export function ListTableSection<T>({
  query,
  list,
  label,
  search,
  errorTitle,
  columns,
  empty,
  rowKey,
  renderRow,
}: {
  query: ListQuery;
  list: ListSearch<T>;
  /** The table's accessible name ("Stores"); its lower-case form names the pages. */
  label: string;
  search: { label: string; placeholder: string };
  errorTitle: string;
  columns: readonly ListColumn[];
  /** What the table says when no row matches: the spec's empty-state text. */
  empty: React.ReactNode;
  rowKey: (row: T) => React.Key;
  /** The cells of one row. */
  renderRow: (row: T) => React.ReactNode;
}) {
  return (
    <>
      <SearchInput
        aria-label={search.label}
        placeholder={search.placeholder}
        value={list.search}
        onChange={(event) => list.setSearch(event.target.value)}
      />
      {query.isError ? (
        <ListLoadError
          title={errorTitle}
          message={query.error?.message ?? ""}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <div className="rounded-lg border">
            <Table aria-label={label} aria-busy={query.isPending}>
              <TableHeader className="sticky top-0 bg-background">
                <TableRow>
                  {columns.map((column) => (
                    <TableHead key={column.header} className={cn(column.className)}>
                      {column.srOnly ? <span className="sr-only">{column.header}</span> : column.header}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {query.isPending ? (
                  <TableLoadingRows columns={columns.length} />
                ) : list.rows.length === 0 ? (
                  <TableEmptyRow colSpan={columns.length}>{empty}</TableEmptyRow>
                ) : (
                  list.rows.map((row) => <TableRow key={rowKey(row)}>{renderRow(row)}</TableRow>)
                )}
              </TableBody>
            </Table>
          </div>
          {!query.isPending && <TablePagination list={list} label={label.toLowerCase()} />}
        </div>
      )}
    </>
  );
}
