import { Fragment } from "react";
import { Link, useLocation, useMatches } from "react-router";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "@/components/ui/breadcrumb";
import { paths } from "@/config/paths";
import { type Crumb, crumbsFromPath, isRouteHandle } from "@/lib/breadcrumbs";
import { cn } from "@/lib/utils";

/** The trail of the current screen: the route's own list when it gives one, else its path segments. */
function useCrumbs(): Crumb[] {
  const { pathname } = useLocation();
  const matches = useMatches();
  const leaf = matches.at(-1);
  if (leaf && isRouteHandle(leaf.handle) && leaf.handle.breadcrumb) {
    return [{ label: "Home", to: paths.home.root.getHref() }, ...leaf.handle.breadcrumb(leaf.params)];
  }
  return crumbsFromPath(pathname);
}

export function AppBreadcrumbs({ className }: { className?: string }) {
  const crumbs = useCrumbs();
  const lastIndex = crumbs.length - 1;

  return (
    <Breadcrumb className={cn("overflow-hidden", className)}>
      <BreadcrumbList className="flex-nowrap">
        {crumbs.map((crumb, index) => {
          const isLast = index === lastIndex;
          // On narrow screens only the last two steps fit; the earlier ones stay in the sidebar.
          const hiddenOnMobile = index < lastIndex - 1;
          return (
            <Fragment key={`${index}-${crumb.label}`}>
              {index > 0 && <BreadcrumbSeparator className={cn(index < lastIndex && "hidden sm:block")} />}
              <BreadcrumbItem className={cn("min-w-0", hiddenOnMobile && "hidden sm:inline-flex")}>
                {isLast ? (
                  <BreadcrumbPage className="truncate">{crumb.label}</BreadcrumbPage>
                ) : crumb.to ? (
                  <BreadcrumbLink asChild className="truncate">
                    <Link to={crumb.to}>{crumb.label}</Link>
                  </BreadcrumbLink>
                ) : (
                  <span className="truncate">{crumb.label}</span>
                )}
              </BreadcrumbItem>
            </Fragment>
          );
        })}
      </BreadcrumbList>
    </Breadcrumb>
  );
}
