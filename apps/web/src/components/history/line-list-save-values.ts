import type { HistoryEntry } from "@cm/contracts/history";
import type { PreviewField } from "@cm/contracts/line-list-preview";
import type { LineListSave, SavedValue } from "@cm/contracts/line-list-saves";
import { lineListSavesUiMessages as ui } from "@cm/contracts/line-list-saves-ui";
import { formatDateLong, formatInstantDateTime, formatMoney } from "@/lib/format";

/** A style's field as the preview's columns name it. */
const savedFieldLabels: Record<PreviewField, string> = {
  franchise: "Franchise",
  silhouette: "Silhouette",
  color: "Color",
  gender: "Gender",
  msrp: "MSRP",
  expected_shipped_date: "Ship date",
  image_urls: "Images",
  comfort_level: "Comfort level",
  height_range: "Height range",
  wear_occasion: "Wear occasion",
  target_fit: "Target fit",
  wholesale_price: "Wholesale",
  extra_attributes: "Other attributes",
  sizes: "Sizes",
};

const moneyFields = new Set(["msrp", "wholesale_price"]);

export function savedFieldLabel(field: string): string {
  return savedFieldLabels[field as PreviewField] ?? field;
}

/** No value ("—"), as the history writes it. */
export const noSavedValue = "—";

/** A value a change set keeps, as the preview shows it: "$49.99", "03/01/2027", "M8 SKU1, M9 SKU2". */
export function formatSavedValue(field: string | null, value: SavedValue | undefined): string {
  if (value === null || value === undefined || value === "") return noSavedValue;
  if (Array.isArray(value)) return value.length === 0 ? noSavedValue : value.join(", ");
  if (field && moneyFields.has(field)) return formatMoney(value) || String(value);
  if (field === "expected_shipped_date" && typeof value === "string") return formatDateLong(value) || value;
  return String(value);
}

/** "Update · crocs-fall.xlsx · Ana Diaz · 03/01/2027, 2:05 PM". */
export function describeSave(save: LineListSave): string {
  return [
    ui.kindLabels[save.kind],
    save.fileName,
    save.savedBy ?? ui.system,
    formatInstantDateTime(save.savedAt),
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The line-list save a history entry recorded (an upload's save, an undo): its `saveId`. */
export function entrySaveId(entry: HistoryEntry): number | null {
  return entry.entityType === "line-list" && entry.saveId !== undefined ? entry.saveId : null;
}
