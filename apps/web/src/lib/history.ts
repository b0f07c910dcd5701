import { type AddressOutput, addressTypeLabels, formatAddress } from "@cm/contracts/addresses";
import { catalogAudienceLabel, catalogTypeLabels } from "@cm/contracts/catalogs";
import {
  type HistoryChange,
  type HistoryEntityType,
  type HistoryEntry,
  historyActionVerbs,
  historyMessages,
  historyReferenceFields,
} from "@cm/contracts/history";
import { type LineListStage, lineListTypeLabels } from "@cm/contracts/line-lists";
import { orderStatusLabels, orderTypeLabels } from "@cm/contracts/orders";
import type { OrganizationType } from "@cm/contracts/organizations";
import {
  type Permission,
  permissionActionLabels,
  permissionActions,
  permissionAreaLabels,
  permissionAreas,
  permissionValues,
} from "@cm/contracts/permissions";
import { roleTypeLabels } from "@cm/contracts/roles";
import { type Segmentation, segmentationLabels, storeTypeLabels } from "@cm/contracts/stores";
import { userTypeLabels } from "@cm/contracts/users";
import { differenceInSeconds } from "date-fns";
import { formatDateLong, formatInstantDate, formatInstantDateTime, formatMoney } from "@/lib/format";

/** Shown for a value that is not there: null, an empty text, an empty list. */
export const noValue = "—";

/** Words the API spells in lower case that people write as acronyms. */
const acronyms = new Map([
  ["url", "URL"],
  ["urls", "URLs"],
  ["whs", "WHS"],
  ["msrp", "MSRP"],
  ["sku", "SKU"],
]);

/** "wholesaleFactor" → "Wholesale factor", "main_contact" → "Main contact", "logoUrl" → "Logo URL". */
function sentenceCase(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase()
    .split(/\s+/);
  return words
    .map(
      (word, index) =>
        acronyms.get(word) ?? (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word),
    )
    .join(" ");
}

/**
 * Labels sentence case gets wrong: the fields of `historyReferenceFields` show a name, not an id,
 * so their labels (the contract's) drop the "id"; an address's lines are labelled as its form
 * labels them.
 */
const fieldLabels = new Map([
  ...Object.entries(historyReferenceFields).map(([field, { label }]) => [field, label] as const),
  ["line1", "Address line 1"],
  ["line2", "Address line 2"],
]);

/**
 * A field's name as the API spells it, as a person reads it: "wholesaleFactor" → "Wholesale
 * factor", "brandFocusType.storeType" → "Brand focus type › Store type", "addresses.0.city" →
 * "Addresses 1 › City", "mainContactUserId" → "Main contact".
 */
export function humanizeField(field: string): string {
  const parts: string[] = [];
  for (const part of field.split(".")) {
    if (/^\d+$/.test(part) && parts.length > 0) parts[parts.length - 1] += ` ${Number(part) + 1}`;
    else if (part) parts.push(fieldLabels.get(part) ?? sentenceCase(part));
  }
  return parts.join(" › ") || field;
}

/** The entry a value belongs to: its entity's type picks the labels, its names replace ids. */
export type HistoryValueContext = Pick<HistoryEntry, "entityType" | "names">;

const activeStatusLabels: Record<string, string> = { active: "Active", inactive: "Inactive" };

/** The one internal organization is the distributor itself; the others are its customers. */
const organizationTypeLabels: Record<OrganizationType, string> = {
  internal: "Distributor",
  external: "Customer",
};

/** A `type` means a different thing on each entity; an address's type is handled apart. */
const typeLabelsByEntity: Partial<Record<HistoryEntityType, Record<string, string>>> = {
  user: userTypeLabels,
  role: roleTypeLabels,
  "line-list": lineListTypeLabels,
  organization: organizationTypeLabels,
  catalog: catalogTypeLabels,
};

const moneyFields = new Set(["totalWhs", "msrp"]);

/** A line list is a preview while its upload waits to be saved or discarded. */
const lineListStageLabels: Record<LineListStage, string> = { preview: "Preview", saved: "Saved" };

function enumLabels(
  name: string,
  parent: string | undefined,
  entityType: HistoryEntityType | undefined,
): Record<string, string> | undefined {
  switch (name) {
    case "status":
      return entityType === "order" ? orderStatusLabels : activeStatusLabels;
    case "orderType":
      return orderTypeLabels;
    case "storeType":
      return storeTypeLabels;
    case "segmentation":
      return segmentationLabels;
    case "stage":
      return entityType === "line-list" ? lineListStageLabels : undefined;
    case "type":
      if (parent === "address" || parent === "addresses") return addressTypeLabels;
      return entityType && typeLabelsByEntity[entityType];
    default:
      return undefined;
  }
}

const addressKeys = new Set<string>([
  "type",
  "line1",
  "line2",
  "city",
  "state",
  "postalCode",
  "country",
  "latitude",
  "longitude",
]);

/**
 * "Billing: 1200 Ocean Drive, Miami Beach, FL 33139, United States", one line as the tables write
 * an address (the contract's `formatAddress`). Only an object made of an address's fields and
 * nothing else: one with a key it does not know keeps every pair, so nothing recorded is hidden.
 */
function formatRecordedAddress(value: object): string | undefined {
  const address = value as Partial<Record<string, unknown>>;
  if (typeof address.line1 !== "string" || typeof address.city !== "string") return undefined;
  if (!Object.keys(address).every((key) => addressKeys.has(key))) return undefined;
  const line = formatAddress(address as Partial<AddressOutput>);
  return address.type ? `${formatHistoryValue(address.type, "address.type")}: ${line}` : line;
}

/**
 * A role's permissions by area, as the roles screen lays them out: "Catalogs: View, Manage;
 * Orders: View". Only a list made of known permissions; anything else is shown as recorded.
 */
function formatPermissions(value: unknown[]): string | undefined {
  if (value.length === 0) return undefined;
  if (!value.every((item): item is Permission => permissionValues.includes(item as Permission)))
    return undefined;
  return permissionAreas
    .map((area) => {
      const actions = permissionActions.filter((action) => value.includes(`${area}.${action}` as Permission));
      return actions.length === 0
        ? undefined
        : `${permissionAreaLabels[area]}: ${actions.map((action) => permissionActionLabels[action]).join(", ")}`;
    })
    .filter(Boolean)
    .join("; ");
}

/** A customer's discount as its screen says it: "Crocs: 10%". */
function formatDiscount(value: object, context: HistoryValueContext | undefined): string | undefined {
  const discount = value as Partial<Record<string, unknown>>;
  if (Object.keys(discount).length !== 2 || typeof discount.percentage !== "number") return undefined;
  return `${formatHistoryValue(discount.brandId, "brandId", context)}: ${discount.percentage}%`;
}

/**
 * Yes / no flags the API writes as 1 or 0 (SPEC.md: a line list's `published` and
 * `sortingCompleted`): "Published: No → Yes", not "0 → 1".
 */
const flagFields = new Set(["published", "sortingCompleted"]);

/** A brand's place in a store's brand focus, as the store's screen says it: "Crocs: Best". */
function formatBrandSegmentation(
  value: object,
  context: HistoryValueContext | undefined,
): string | undefined {
  const entry = value as Partial<Record<string, unknown>>;
  if (Object.keys(entry).length !== 2 || typeof entry.segmentation !== "string") return undefined;
  if (typeof entry.brandId !== "number") return undefined;
  return `${formatHistoryValue(entry.brandId, "brandId", context)}: ${formatHistoryValue(entry.segmentation, "segmentation", context)}`;
}

/** Calendar dates (a line list's deadline, an order's ship date, an item's), as the screens write them. */
const calendarDateFields = new Set([
  "sentOn",
  "dateSent",
  "deadline",
  "dateOfAvailability",
  "shipDate",
  "expected_shipped_date",
]);

/** What `field` (a path such as "addresses.0.type") says of its value, if any of the rules knows it. */
function formatByField(value: unknown, field: string, context: HistoryValueContext | undefined) {
  const [name, parent] = field
    .split(".")
    .filter((part) => part && !/^\d+$/.test(part))
    .reverse();
  if (Array.isArray(value)) {
    if (name === "permissions") return formatPermissions(value);
    // A catalog's audience (`audience.athletic`): "Good, Better, Best" or "Best only".
    if (parent === "audience")
      return value.length > 0 ? catalogAudienceLabel(value as Segmentation[]) : "None";
    return undefined;
  }
  if (typeof value === "object" && value !== null) {
    if (name === "discounts") return formatDiscount(value, context);
    if (name === "brandSegmentation") return formatBrandSegmentation(value, context);
    return formatRecordedAddress(value);
  }
  if (flagFields.has(name ?? "") && (value === 0 || value === 1)) return value === 1 ? "Yes" : "No";
  if (name === undefined || (typeof value !== "string" && typeof value !== "number")) return undefined;

  if (Object.hasOwn(historyReferenceFields, name)) {
    // A record deleted since has no name: its id still tells which one it was.
    return context?.names?.[historyReferenceFields[name]!.kind]?.[String(value)] ?? `#${value}`;
  }
  if (name === "publishAt" && typeof value === "string") return formatInstantDateTime(value) || undefined;
  if (moneyFields.has(name)) return formatMoney(value) || undefined;
  if (calendarDateFields.has(name) && typeof value === "string") return formatDateLong(value) || undefined;
  const labels = enumLabels(name, parent, context?.entityType);
  if (labels && typeof value === "string" && Object.hasOwn(labels, value)) return labels[value];
  return undefined;
}

/**
 * A recorded value as text: nothing as "—", booleans as Yes / No, lists joined with commas and
 * objects as "Field: value" pairs, so a set of permissions reads as a sentence. Given its field
 * and entry, it reads as the screens write it: ids as names ("#7" for one deleted since), codes
 * by their labels ("pre-book" → "Pre-Book"), money as dollars and an address on one line; the
 * rules apply to the keys inside a value as well.
 */
export function formatHistoryValue(value: unknown, field = "", context?: HistoryValueContext): string {
  if (value === null || value === undefined || value === "") return noValue;
  const byField = formatByField(value, field, context);
  if (byField !== undefined) return byField;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return noValue;
    const separator = value.some((item) => typeof item === "object" && item !== null) ? "; " : ", ";
    return value.map((item, index) => formatHistoryValue(item, `${field}.${index}`, context)).join(separator);
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return noValue;
    return entries
      .map(([key, item]) => `${humanizeField(key)}: ${formatHistoryValue(item, `${field}.${key}`, context)}`)
      .join(", ");
  }
  return String(value);
}

/** One line of a change as the History panels show it: "Crocs: Good → Best". */
export interface HistoryChangeLine {
  /** Tells the lines of one entry apart. */
  key: string;
  label: string;
  before: string;
  after: string;
}

interface RecordedBrandFocus {
  storeType?: string;
  segmentations: Map<number, string>;
}

/** A store's recorded brand focus (nothing is an empty one), or undefined for any other shape. */
function readBrandFocus(value: unknown): RecordedBrandFocus | undefined {
  if (value === null || value === undefined) return { segmentations: new Map() };
  if (typeof value !== "object" || Array.isArray(value)) return undefined;
  const { storeType, brandSegmentation, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || (storeType !== undefined && typeof storeType !== "string"))
    return undefined;
  if (!Array.isArray(brandSegmentation)) return undefined;
  const segmentations = new Map<number, string>();
  for (const entry of brandSegmentation as unknown[]) {
    const { brandId, segmentation } = (entry ?? {}) as Record<string, unknown>;
    if (typeof brandId !== "number" || typeof segmentation !== "string") return undefined;
    segmentations.set(brandId, segmentation);
  }
  return { storeType, segmentations };
}

/**
 * A store's brand focus as what changed in it: the store type if it changed, then one line per
 * brand added, removed or moved ("Crocs: Good → Best"), instead of the whole focus twice.
 */
function brandFocusLines(change: HistoryChange, context: HistoryValueContext | undefined) {
  if (change.field !== "brandFocusType") return undefined;
  const before = readBrandFocus(change.before);
  const after = readBrandFocus(change.after);
  if (!before || !after) return undefined;
  const lines: HistoryChangeLine[] = [];
  if (before.storeType !== after.storeType) {
    lines.push({
      key: "brandFocusType.storeType",
      label: humanizeField("storeType"),
      before: formatHistoryValue(before.storeType, "storeType", context),
      after: formatHistoryValue(after.storeType, "storeType", context),
    });
  }
  const brandIds = new Set([...after.segmentations.keys(), ...before.segmentations.keys()]);
  for (const brandId of brandIds) {
    const was = before.segmentations.get(brandId);
    const now = after.segmentations.get(brandId);
    if (was === now) continue;
    lines.push({
      key: `brandFocusType.${brandId}`,
      label: formatHistoryValue(brandId, "brandId", context),
      before: formatHistoryValue(was, "segmentation", context),
      after: formatHistoryValue(now, "segmentation", context),
    });
  }
  return lines.length > 0 ? lines : undefined;
}

/**
 * The lines one recorded change reads as: usually one, "Published: No → Yes"; a store's brand focus
 * one per brand it changed ("Crocs: Good → Best").
 */
export function historyChangeLines(
  change: HistoryChange,
  context?: HistoryValueContext,
): HistoryChangeLine[] {
  return (
    brandFocusLines(change, context) ?? [
      {
        key: change.field,
        label: humanizeField(change.field),
        before: formatHistoryValue(change.before, change.field, context),
        after: formatHistoryValue(change.after, change.field, context),
      },
    ]
  );
}

/** Who made the change: the person's name, or "The system" for the seed, migrations and jobs. */
export function historyActorName(entry: Pick<HistoryEntry, "actor">): string {
  return entry.actor?.name ?? historyMessages.system;
}

/** "Ana Diaz published the Athletic catalog of Crocs Spring 2027". */
export function historySentence(entry: Pick<HistoryEntry, "actor" | "action" | "entityLabel">): string {
  return `${historyActorName(entry)} ${historyActionVerbs[entry.action]} ${entry.entityLabel}`;
}

/**
 * How long ago an instant was, as a list of changes says it: "just now", "3 min ago", "5 h ago",
 * "2 days ago", and from a week on the date itself ("03/04/2027").
 */
export function formatTimeAgo(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  // A clock a little ahead of ours would otherwise say "in 1 min".
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < 60) return historyMessages.justNow;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} ${days === 1 ? "day" : "days"} ago`;
  return formatInstantDate(value);
}

/** The exact local time of an instant, for the tooltip beside "3 min ago". */
export function formatExactTime(value: string): string {
  return formatInstantDateTime(value);
}
