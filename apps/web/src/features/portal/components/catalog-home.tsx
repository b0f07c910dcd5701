import { type CatalogType, catalogTypeLabels } from "@cm/contracts/catalogs";
import {
  type PortalCatalogs,
  type PortalLineList,
  portalCatalogMessages,
} from "@cm/contracts/portal-catalogs";
import type { UseQueryResult } from "@tanstack/react-query";
import { BookOpenIcon, ChevronRightIcon } from "lucide-react";
import { Link } from "react-router";
import { EmptyState, ListLoadError } from "@/components/list-states";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { LineListSummary } from "@/features/portal/components/line-list-summary";

const countFormatter = new Intl.NumberFormat("en-US");

/** Where a line list's catalog opens: all its catalogs, or one of them. */
export type LineListHref = (lineListId: number, catalogType?: CatalogType) => string;

interface BrandGroup {
  brandId: number;
  brandName: string;
  lineLists: PortalLineList[];
}

/** The line lists by brand, brands by name; each brand's line lists keep the server's order. */
function groupByBrand(lineLists: readonly PortalLineList[]): BrandGroup[] {
  const groups = new Map<number, BrandGroup>();
  for (const lineList of lineLists) {
    const group = groups.get(lineList.brandId) ?? {
      brandId: lineList.brandId,
      brandName: lineList.brandName,
      lineLists: [],
    };
    group.lineLists.push(lineList);
    groups.set(lineList.brandId, group);
  }
  return [...groups.values()].sort((a, b) => a.brandName.localeCompare(b.brandName));
}

function styleCount(count: number): string {
  return `${countFormatter.format(count)} ${count === 1 ? "style" : "styles"}`;
}

function LineListCard({ lineList, href }: { lineList: PortalLineList; href: LineListHref }) {
  const titleId = `line-list-${lineList.id}`;
  return (
    <Card role="article" aria-labelledby={titleId} className="gap-3">
      <CardHeader className="gap-2">
        <CardTitle className="leading-snug">
          <h3 id={titleId}>
            <Link
              to={href(lineList.id)}
              className="rounded-sm break-words hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              {lineList.name}
            </Link>
          </h3>
        </CardTitle>
        <LineListSummary lineList={lineList} />
      </CardHeader>
      <CardContent>
        <ul aria-label={`Catalogs of ${lineList.name}`} className="flex flex-col divide-y rounded-md border">
          {lineList.catalogs.map((catalog) => (
            <li key={catalog.type}>
              <Link
                to={href(lineList.id, catalog.type)}
                className="flex min-h-11 items-center gap-3 px-3 py-2 text-sm hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <span className="font-medium">{catalogTypeLabels[catalog.type]}</span>
                <span className="ml-auto text-muted-foreground tabular-nums">
                  {styleCount(catalog.itemsCount)}
                </span>
                <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function CatalogHomeLoading() {
  return (
    <div role="status" aria-label="Loading the catalogs" className="flex flex-col gap-4">
      <Skeleton className="h-6 w-40" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-44 w-full" />
        ))}
      </div>
    </div>
  );
}

/**
 * What a store sees on the portal's home: the brands and their published line lists, each with
 * its type, date, "New" since the last visit and its catalogs with their style counts. Fed by the
 * portal's read for a customer and by staff's "View as store" read: the caller passes the query.
 */
export function CatalogHome({
  query,
  storeName,
  lineListHref,
}: {
  query: UseQueryResult<PortalCatalogs>;
  storeName: string;
  lineListHref: LineListHref;
}) {
  if (query.isPending) return <CatalogHomeLoading />;
  if (query.isError) {
    return (
      <ListLoadError
        title={portalCatalogMessages.loadFailed}
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const brands = groupByBrand(query.data.lineLists);
  if (brands.length === 0) {
    return (
      <EmptyState
        icon={<BookOpenIcon aria-hidden="true" className="mb-2 size-6 text-muted-foreground" />}
        title="No catalogs yet"
        description={portalCatalogMessages.noCatalogs(storeName)}
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {brands.map((brand) => (
        <section
          key={brand.brandId}
          aria-labelledby={`brand-${brand.brandId}`}
          className="flex flex-col gap-3"
        >
          <h2 id={`brand-${brand.brandId}`} className="text-lg font-semibold tracking-tight">
            {brand.brandName}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {brand.lineLists.map((lineList) => (
              <LineListCard key={lineList.id} lineList={lineList} href={lineListHref} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
