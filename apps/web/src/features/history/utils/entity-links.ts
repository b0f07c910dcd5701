import type { HistoryEntityType, HistoryEntry } from "@cm/contracts/history";
import { paths } from "@/config/paths";
import type { PermissionRequirement } from "@/lib/permissions";

interface EntityScreen {
  href: (entityId: number) => string;
  /** What the screen's route declares (app/router.tsx): a link the user could not open is left out. */
  permission: PermissionRequirement;
}

const home = paths.home;

/**
 * The screen that shows each kind of entity. A catalog has none of its own: the API names it by
 * its own id, not its line list's, so there is nothing to link to.
 */
const entityScreens: Partial<Record<HistoryEntityType, EntityScreen>> = {
  order: { href: (id) => home.orders.detail.getHref(id), permission: "orders.view" },
  brand: { href: (id) => home.brands.edit.getHref(id), permission: "brands.manage" },
  organization: { href: (id) => home.organizations.edit.getHref(id), permission: "customers.manage" },
  store: { href: (id) => home.stores.edit.getHref(id), permission: "customers.manage" },
  user: { href: (id) => home.people.edit.getHref(id), permission: ["customers.manage", "people.manage"] },
  role: { href: (id) => home.roles.edit.getHref(id), permission: "people.manage" },
  "line-list": { href: (id) => home.catalogSegmentation.getHref(id), permission: "catalogs.manage" },
};

const entityKey = (entry: Pick<HistoryEntry, "entityType" | "entityId">) =>
  `${entry.entityType}:${entry.entityId}`;

/**
 * For each entry, the link to its entity's screen, or undefined when there is none, the user may
 * not open it, or the entity is gone: deleted in an entry of the same list (the list is newest
 * first, so a deletion comes before the entity's older entries).
 */
export function entityLinks(
  entries: readonly HistoryEntry[],
  can: (requirement: PermissionRequirement) => boolean,
): Map<number, string | undefined> {
  const deleted = new Set(entries.filter((entry) => entry.action === "delete").map(entityKey));
  return new Map(
    entries.map((entry) => {
      const screen = entityScreens[entry.entityType];
      const linked = screen && can(screen.permission) && !deleted.has(entityKey(entry));
      return [entry.id, linked ? screen.href(entry.entityId) : undefined];
    }),
  );
}
