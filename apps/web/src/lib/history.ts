import { type HistoryEntry, historyActionVerbs, historyMessages } from "@cm/contracts/history";
import { differenceInSeconds, format } from "date-fns";

/** Shown for a value that is not there: null, an empty text, an empty list. */
export const noValue = "—";

/** "wholesaleFactor" → "Wholesale factor", "main_contact" → "Main contact". */
function sentenceCase(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A field's name as the API spells it, as a person reads it: "wholesaleFactor" → "Wholesale
 * factor", "brandFocusType.storeType" → "Brand focus type › Store type", "addresses.0.city" →
 * "Addresses 1 › City".
 */
export function humanizeField(field: string): string {
  const parts: string[] = [];
  for (const part of field.split(".")) {
    if (/^\d+$/.test(part) && parts.length > 0) parts[parts.length - 1] += ` ${Number(part) + 1}`;
    else if (part) parts.push(sentenceCase(part));
  }
  return parts.join(" › ") || field;
}

/**
 * A recorded value as text: nothing as "—", booleans as Yes / No, lists joined with commas and
 * objects as "Field: value" pairs, so a set of permissions or an address reads as a sentence.
 */
export function formatHistoryValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return noValue;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return noValue;
    const separator = value.some((item) => typeof item === "object" && item !== null) ? "; " : ", ";
    return value.map(formatHistoryValue).join(separator);
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return noValue;
    return entries.map(([key, item]) => `${humanizeField(key)}: ${formatHistoryValue(item)}`).join(", ");
  }
  return String(value);
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
 * "2 days ago", and from a week on the date itself ("Mar 4, 2027").
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
  return format(date, "MMM d, yyyy");
}

/** The exact local time of an instant, for the tooltip beside "3 min ago". */
export function formatExactTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : format(date, "PPpp");
}
