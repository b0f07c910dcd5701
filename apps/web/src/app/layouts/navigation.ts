import type { Permission, sharedReadPermissions } from "@cm/contracts/permissions";
import {
  BadgeCheckIcon,
  Building2Icon,
  CalendarClockIcon,
  CalendarRangeIcon,
  CircleUserIcon,
  FileSpreadsheetIcon,
  HistoryIcon,
  LayersIcon,
  LayoutDashboardIcon,
  LibraryBigIcon,
  ListOrderedIcon,
  type LucideIcon,
  PackageOpenIcon,
  ShieldCheckIcon,
  StoreIcon,
  TagIcon,
  TagsIcon,
  UsersIcon,
  UsersRoundIcon,
} from "lucide-react";
import { orderCatalogTypes, paths } from "@/config/paths";

const home = paths.home;

interface EntryBase {
  label: string;
  icon: LucideIcon;
  /** Name shown beside the icon when the sidebar is collapsed, if the label alone is ambiguous. */
  tooltip?: string;
  /** What the user needs to see the entry: the permission its screen declares. */
  permission?: Permission;
}

export interface LinkEntry extends EntryBase {
  kind: "link";
  to: string;
  /** Active only on this exact path, not on the paths below it. */
  exact?: boolean;
  /** Other paths on which this entry counts as the current one. */
  alsoActiveOn?: string[];
  /** Paths below this one that are another entry's (Roles under Team). */
  exceptUnder?: string[];
}

/**
 * An entry with one link per brand, e.g. Line Lists. It reads `GET /api/brands` wherever it shows,
 * so it is shown only for a permission that may read the brands (docs/security.md, "Shared reads").
 */
export interface BrandsEntry extends EntryBase {
  kind: "brands";
  permission: (typeof sharedReadPermissions.brands)[number];
  hrefFor: (brandId: number) => string;
  defaultOpen?: boolean;
}

export type Entry = LinkEntry | BrandsEntry;

export interface NavigationGroup {
  label: string;
  entries: Entry[];
}

const catalogTypeIcons: Record<(typeof orderCatalogTypes)[number]["id"], LucideIcon> = {
  "open-stock": PackageOpenIcon,
  "pre-book": CalendarClockIcon,
  "brand-ats": BadgeCheckIcon,
  "future-stock": CalendarRangeIcon,
};

/** SPEC.md section 2, Layout; each entry needs what its screen's route declares (app/router.tsx). */
export const navigation: NavigationGroup[] = [
  {
    label: "Inventory",
    entries: [
      {
        kind: "link",
        label: "Catalogs",
        to: home.catalogs.getHref(),
        icon: LibraryBigIcon,
        alsoActiveOn: [home.root.getHref()],
        permission: "catalogs.view",
      },
      {
        kind: "link",
        label: "Brands",
        to: home.brands.list.getHref(),
        icon: TagsIcon,
        permission: "catalogs.view",
      },
      {
        kind: "brands",
        label: "Line Lists",
        icon: FileSpreadsheetIcon,
        hrefFor: (brandId) => home.brands.lineLists.getHref(brandId),
        defaultOpen: true,
        permission: "catalogs.view",
      },
    ],
  },
  {
    label: "Orders",
    entries: [
      {
        kind: "link",
        label: "Dashboard",
        to: home.orders.dashboard.getHref(),
        icon: LayoutDashboardIcon,
        tooltip: "Orders Dashboard",
        exact: true,
        permission: "orders.view",
      },
      ...orderCatalogTypes.map((type): LinkEntry => ({
        kind: "link",
        label: type.label,
        to: home.orders.catalogType.getHref(type.id),
        icon: catalogTypeIcons[type.id],
        tooltip: `${type.label} Orders`,
        permission: "orders.view",
      })),
      {
        kind: "link",
        label: "Multibrand",
        to: home.orders.multibrand.getHref(),
        icon: LayersIcon,
        tooltip: "Multibrand Orders",
        permission: "orders.view",
      },
      {
        kind: "brands",
        label: "Brand",
        icon: TagIcon,
        tooltip: "Orders by Brand",
        hrefFor: (brandId) => home.orders.brand.getHref(brandId),
        permission: "orders.view",
      },
      {
        kind: "link",
        label: "All",
        to: home.orders.all.getHref(),
        icon: ListOrderedIcon,
        tooltip: "All Orders",
        permission: "orders.view",
      },
    ],
  },
  {
    label: "Customers",
    entries: [
      {
        kind: "link",
        label: "Organizations",
        to: home.organizations.list.getHref(),
        icon: Building2Icon,
        permission: "customers.view",
      },
      {
        kind: "link",
        label: "Stores",
        to: home.stores.list.getHref(),
        icon: StoreIcon,
        permission: "customers.view",
      },
      {
        kind: "link",
        label: "People",
        to: home.people.list.getHref(),
        icon: UsersIcon,
        permission: "customers.view",
      },
    ],
  },
  {
    label: "Settings",
    entries: [
      {
        kind: "link",
        label: "Team",
        to: home.team.list.getHref(),
        icon: UsersRoundIcon,
        exceptUnder: [home.roles.list.getHref()],
        permission: "people.view",
      },
      {
        kind: "link",
        label: "Roles",
        to: home.roles.list.getHref(),
        icon: ShieldCheckIcon,
        permission: "people.view",
      },
      {
        kind: "link",
        label: "Activity",
        to: home.activity.getHref(),
        icon: HistoryIcon,
        permission: "history.view",
      },
      { kind: "link", label: "Account", to: home.settings.account.getHref(), icon: CircleUserIcon },
    ],
  },
];

/** The groups and entries a user with these abilities may see; a group left empty goes. */
export function visibleNavigation(can: (permission: Permission) => boolean): NavigationGroup[] {
  return navigation
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => !entry.permission || can(entry.permission)),
    }))
    .filter((group) => group.entries.length > 0);
}

/** The first screen of the sidebar the user may open: their start screen when Catalogs is not. */
export function firstAllowedHref(can: (permission: Permission) => boolean): string {
  for (const group of visibleNavigation(can)) {
    for (const entry of group.entries) {
      if (entry.kind === "link") return entry.to;
    }
  }
  return home.settings.account.getHref();
}
