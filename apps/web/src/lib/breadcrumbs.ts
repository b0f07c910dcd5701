import type { Params } from "react-router";
import type { PermissionRequirement } from "@/lib/permissions";

/** One step of the breadcrumb trail; without `to` it is plain text (a section with no page). */
export interface Crumb {
  label: string;
  to?: string;
}

/**
 * What a route can put in its `handle`. `breadcrumb` returns the trail after "Home" for routes
 * whose path segments make a poor trail (ids, sections without a page of their own).
 * `permission` is what the signed-in user needs to open the screen: without it the shell shows
 * the no-access page instead (app/layouts/route-permission-guard.tsx).
 */
export interface RouteHandle {
  breadcrumb?: (params: Params) => Crumb[];
  permission?: PermissionRequirement;
  /** The start screen (`/home`): without its permission, the first screen the user may open instead. */
  startScreen?: boolean;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === "object" && handle !== null;
}

/** "create-customer" → "Create Customer". */
export function titleCase(segment: string): string {
  return decodeURIComponent(segment)
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** The trail for a path: one crumb per segment, each linking to the path up to it. */
export function crumbsFromPath(pathname: string): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  return segments.map((segment, index) => ({
    label: titleCase(segment),
    to: `/${segments.slice(0, index + 1).join("/")}`,
  }));
}
