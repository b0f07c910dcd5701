import { z } from "zod";
import { maxEntityId, paginatedEnvelopeSchema, paginationQuerySchema } from "./envelope.ts";

/**
 * The history of changes: every write records one entry in the same transaction as
 * the change, in one shape, so a History panel and the company-wide Activity page can say who
 * did what and when, with each changed field before and after.
 *
 *   GET /api/history?entityType&entityId&userId&from&to&page&pageSize   (history.view)
 */

/** `item` is a style of the Items screen (its price, sizes, pictures): edited on its own, not as its brand. */
export const historyEntityTypeValues = [
  "brand",
  "line-list",
  "catalog",
  "organization",
  "store",
  "user",
  "role",
  "order",
  "item",
] as const;
export const historyEntityTypeSchema = z.enum(historyEntityTypeValues);
export type HistoryEntityType = z.infer<typeof historyEntityTypeSchema>;

export const historyEntityTypeLabels: Record<HistoryEntityType, string> = {
  brand: "Brand",
  "line-list": "Line list",
  catalog: "Catalog",
  organization: "Organization",
  store: "Store",
  user: "User",
  role: "Role",
  order: "Order",
  item: "Item",
};

/**
 * One spelling for every action. `update` carries the changed fields; `status` the status field's
 * before and after; `publish` a catalog or line list made visible to customers; `move` items
 * placed in, moved between or removed from catalogs; `upload` a line list saved from a workbook.
 */
export const historyActionValues = [
  "create",
  "update",
  "delete",
  "status",
  "publish",
  "move",
  "upload",
] as const;
export const historyActionSchema = z.enum(historyActionValues);
export type HistoryAction = z.infer<typeof historyActionSchema>;

/** The verb of an entry's sentence: "Ana Diaz published the Athletic catalog of Crocs Spring 2027". */
export const historyActionVerbs: Record<HistoryAction, string> = {
  create: "created",
  update: "updated",
  delete: "deleted",
  status: "changed the status of",
  publish: "published",
  move: "moved items in",
  upload: "uploaded",
};

/** A field's value as recorded: JSON scalars, or a short list / object for sets such as permissions. */
export const historyValueSchema: z.ZodType<unknown> = z.unknown();

export const historyChangeSchema = z.object({
  /** The field's name as the API spells it (`name`, `wholesaleFactor`, `status`, `permissions`). */
  field: z.string(),
  before: historyValueSchema,
  after: historyValueSchema,
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

/**
 * The records a change names by id (a user's role, a store's main contact, an order's store).
 * `historyReferenceFields` says which kind each such field holds, alone or as a list, wherever it
 * appears: a changed field ("roleId") or a key inside a recorded value (a store's brand focus
 * entries' "brandId"). An entry gives the current names of the records its changes name.
 */
export const historyReferenceKindValues = ["organizations", "roles", "users", "stores", "brands"] as const;
export type HistoryReferenceKind = (typeof historyReferenceKindValues)[number];
/** Each field's kind, and its label where a name stands for the id ("Main contact", not "Main contact user id"). */
export const historyReferenceFields: Record<string, { kind: HistoryReferenceKind; label: string }> = {
  organizationId: { kind: "organizations", label: "Organization" },
  roleId: { kind: "roles", label: "Role" },
  mainContactUserId: { kind: "users", label: "Main contact" },
  userIds: { kind: "users", label: "Users" },
  storeId: { kind: "stores", label: "Store" },
  brandId: { kind: "brands", label: "Brand" },
};

export const historyNamesSchema = z.partialRecord(
  z.enum(historyReferenceKindValues),
  z.record(z.string(), z.string()),
);
export type HistoryNames = z.infer<typeof historyNamesSchema>;

export const historyEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  /** Who made the change; null for the system (seed, migrations, jobs). */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  entityType: historyEntityTypeSchema,
  entityId: z.number().int(),
  /**
   * The entity as a person names it, at the time of the change ("Crocs", "SO-000042",
   * "the Athletic catalog of Crocs Spring 2027"): a deleted entity keeps its name in history.
   */
  entityLabel: z.string(),
  action: historyActionSchema,
  /** For `update` and `status`: each changed field with its value before and after. */
  changes: z.array(historyChangeSchema),
  /** What the fields do not say, e.g. "12 items moved to Boutique". */
  summary: z.string().nullable(),
  /**
   * The current names of the records the changes name by id, by kind and id:
   * `{ "users": { "2": "Maria Lopez" } }`. A record deleted since has no name here; only its id.
   */
  names: historyNamesSchema.optional(),
  /**
   * A line list's save (an upload saved, or an undo): its change set, which "Undo this save"
   * undoes (`GET /api/line-lists/{entityId}/saves/{saveId}`, docs/line-list-saves.md).
   */
  saveId: z.number().int().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyQuerySchema = paginationQuerySchema.extend({
  entityType: historyEntityTypeSchema.optional(),
  entityId: z.coerce.number().int().min(1).max(maxEntityId).optional(),
  /** The person who made the changes. */
  userId: z.coerce.number().int().min(1).max(maxEntityId).optional(),
  /** Calendar dates in the server's time zone (TZ), both included. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** Newest first. */
export const historyListEnvelopeSchema = paginatedEnvelopeSchema(historyEntrySchema);

export const historyMessages = {
  title: "History",
  activityTitle: "Activity",
  activityDescription: "Every change made in Catalog Manager, newest first.",
  empty: "No changes recorded yet",
  noResults: "No changes match these filters",
  loadFailed: "The history could not be loaded",
  system: "The system",
  entityIdNeedsType: "entityId needs entityType",
  fromAfterTo: "From must be on or before To",
  // The web app's panel and Activity page.
  loading: "Loading the history…",
  showMore: "Show more",
  justNow: "just now",
  /** The order screen keeps its status path as "History"; the panel under it lists every change. */
  orderChangesTitle: "All changes",
  allEntityTypes: "All types",
  everyone: "Everyone",
  clearFilters: "Clear filters",
  count: (total: number) => `${total.toLocaleString("en-US")} ${total === 1 ? "change" : "changes"}`,
  pageOf: (page: number, totalPages: number) => `Page ${page} of ${totalPages}`,
} as const;

/** The Activity page shows this many entries a page; a panel pages by the API's default. */
export const historyActivityPageSize = 20;

/** The `summary` of entries whose fields do not tell the whole story, as the server writes it. */
export const historySummaries = {
  /** A colleague a customer user invited in the portal (issue 34), with the stores they work for. */
  invitedThroughPortal: (stores: readonly string[]) =>
    `Invited through the portal, linked to ${stores.join(", ")}`,
  itemsAdded: (count: number, to: string) => `${count} item(s) added to ${to}`,
  itemsCopied: (count: number, to: string) => `${count} item(s) copied to ${to}`,
  itemsMoved: (count: number, to: string) => `${count} item(s) moved to ${to}`,
  itemsRemoved: (count: number, from: string) => `${count} item(s) removed from ${from}`,
  itemsPlacedFromFile: (count: number) => `${count} item(s) placed from a segmentation file`,
  catalogsSaved: "Catalogs saved: sorting completed",
  /** A scheduled publication carried out by the publication scheduler, on behalf of who scheduled it. */
  publishedOnSchedule: "Published at the scheduled time",
  uploadSaved: (fileName: string, counts: { created: number; updated: number; unchanged: number }) =>
    `${fileName}: ${counts.created} new, ${counts.updated} changed and ${counts.unchanged} unchanged style(s)`,
  droppedKept: (count: number) => `; ${count} style(s) no longer in the file kept`,
  /** An undo of a line list's save (its own change set's counts); `of` names the save undone. */
  saveUndone: (of: string, counts: { added: number; changed: number; removed: number }) =>
    `Undid ${of}: ${counts.added} added, ${counts.changed} changed, ${counts.removed} removed`,
  /** What `saveUndone` calls the save undone: its file, or an earlier undo. */
  saveUndoneOf: (fileName: string | null) => (fileName ? `the save of ${fileName}` : "an undo"),
  orderLinesChanged: (counts: { added: number; removed: number; changed: number }) =>
    [
      counts.added > 0 && `${counts.added} line(s) added`,
      counts.removed > 0 && `${counts.removed} line(s) removed`,
      counts.changed > 0 && `${counts.changed} quantity(ies) changed`,
    ]
      .filter(Boolean)
      .join(", "),
  // A user's passkeys: recorded on the user, since a passkey is one of the ways they sign in.
  passkeyAdded: (name: string) => `Added the passkey "${name}"`,
  passkeyRenamed: (before: string, after: string) => `Renamed the passkey "${before}" to "${after}"`,
  passkeyRemoved: (name: string) => `Removed the passkey "${name}"`,
  passkeysReset: (count: number) => `Reset ${count} ${count === 1 ? "passkey" : "passkeys"}`,
} as const;
