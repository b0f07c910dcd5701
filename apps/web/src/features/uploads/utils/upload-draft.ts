import {
  type LineList,
  lineListNameMaxLength,
  lineListNameSchema,
  type LineListType,
  lineListTypeLabels,
} from "@cm/contracts/line-lists";
import { suggestSeason } from "@cm/contracts/mapping-engine/guess-mapping";
import { uploadMessages, workbookExtension, workbookExtensions } from "@cm/contracts/uploads";

/**
 * The Upload Inventory dialog's draft (SPEC.md sections 3, 4 and 5) and the rules that change
 * it. Every change goes through these functions, so the clearing rules hold wherever the change
 * comes from. Unset values may be undefined or null; both mean unset (DESIGN.md section 8).
 */

/** What the type picker offers: a line list type for a new line list, or an update of an existing one. */
export type UploadTypeChoice = LineListType | "update";

export const uploadTypeChoices: readonly { value: UploadTypeChoice; label: string }[] = [
  { value: "pre-book", label: lineListTypeLabels["pre-book"] },
  { value: "future-stock", label: lineListTypeLabels["future-stock"] },
  { value: "brand-ats", label: lineListTypeLabels["brand-ats"] },
  { value: "own-stock", label: lineListTypeLabels["own-stock"] },
  { value: "update", label: "Update existing line list" },
];

/** The first rows of the chosen file's first sheet, for the small preview table. */
export interface SheetPreview {
  sheetName: string;
  columns: string[];
  rows: string[][];
}

export interface UploadDraft {
  /** The picker's choice; undefined until one is made. */
  typeChoice?: UploadTypeChoice | null;
  /** The line list's type: the choice, or for an update the type of the line list chosen. */
  lineListType?: LineListType | null;
  /** Update only: the line list the file is uploaded into. */
  lineListId?: number | null;
  brandId?: number | null;
  brandName?: string | null;
  file?: File | null;
  /** A new line list's name: the file's name without its extension until the person changes it. */
  name?: string | null;
  /** Pre-book only. */
  dateSent?: Date | null;
  /** Pre-book only; shown as "Deadline for orders". */
  dateReceived?: Date | null;
  /** Future stock only. */
  dateOfAvailability?: Date | null;
  /** From the first sheet's name, "{season} {year}". */
  season?: string | null;
  year?: number | null;
  preview?: SheetPreview | null;
}

export const emptyUploadDraft: UploadDraft = {};

export function isUnset<T>(value: T | null | undefined): value is null | undefined {
  return value === undefined || value === null;
}

/** What choosing a type or a brand leaves behind: the data that depends on them is gone. */
function withoutSecondaryData(draft: UploadDraft): UploadDraft {
  return {
    typeChoice: draft.typeChoice,
    lineListType: draft.lineListType,
    brandId: draft.brandId,
    brandName: draft.brandName,
  };
}

export function chooseType(draft: UploadDraft, choice: UploadTypeChoice): UploadDraft {
  return {
    ...withoutSecondaryData(draft),
    typeChoice: choice,
    // An update takes its type from the line list chosen next.
    lineListType: choice === "update" ? undefined : choice,
  };
}

export function chooseBrand(draft: UploadDraft, brand: { id: number; name: string }): UploadDraft {
  return {
    ...withoutSecondaryData(draft),
    brandId: brand.id,
    brandName: brand.name,
    // The line list to update belongs to a brand: another brand means choosing it again.
    lineListType: draft.typeChoice === "update" ? undefined : draft.lineListType,
  };
}

/** A calendar date from the server ("YYYY-MM-DD") as a local day, or undefined. */
function localDay(value: string | null | undefined): Date | undefined {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
}

/**
 * Update: the line list chosen sets the line list id and the type, and brings its own dates,
 * which the type's date fields then show and may change.
 */
export function chooseLineListToUpdate(
  draft: UploadDraft,
  lineList: Pick<LineList, "id" | "type" | "dateSent" | "deadline" | "dateOfAvailability">,
): UploadDraft {
  if (draft.typeChoice !== "update") return draft;
  return {
    ...draft,
    lineListId: lineList.id,
    lineListType: lineList.type,
    dateSent: lineList.type === "pre-book" ? localDay(lineList.dateSent) : undefined,
    dateReceived: lineList.type === "pre-book" ? localDay(lineList.deadline) : undefined,
    dateOfAvailability: lineList.type === "future-stock" ? localDay(lineList.dateOfAvailability) : undefined,
  };
}

export type DraftDateField = "dateSent" | "dateReceived" | "dateOfAvailability";

/** Which type each date belongs to: dates sent and deadline for pre-book, availability for future stock. */
export const dateFieldTypes: Record<DraftDateField, LineListType> = {
  dateSent: "pre-book",
  dateReceived: "pre-book",
  dateOfAvailability: "future-stock",
};

export function setDate(
  draft: UploadDraft,
  field: DraftDateField,
  value: Date | null | undefined,
): UploadDraft {
  if (draft.lineListType !== dateFieldTypes[field]) return draft;
  return { ...draft, [field]: value ?? undefined };
}

/** The file input's `accept`: ".xlsx,.xls,.csv" (a line list may be a CSV file since issue 32). */
export const workbookAccept = workbookExtensions.map((extension) => `.${extension}`).join(",");

export function isWorkbookFileName(name: string): boolean {
  return workbookExtension(name) !== null;
}

/** A file's name without its extension: what a new line list is called unless the person says otherwise. */
export function lineListNameFromFileName(fileName: string): string {
  return (
    fileName
      .replace(/\.(xlsx|xls|csv)$/i, "")
      .trim()
      .slice(0, lineListNameMaxLength) || fileName.slice(0, lineListNameMaxLength)
  );
}

/** The name as it would be without the person's typing: the one the file gave, or none. */
function nameIsTheFiles(draft: UploadDraft): boolean {
  return isUnset(draft.name) || (!!draft.file && draft.name === lineListNameFromFileName(draft.file.name));
}

/**
 * A new file replaces the old one and what was read from it; a file that is not .xlsx, .xls or
 * .csv is ignored (SPEC.md section 5, with CSV files since issue 32). The name follows the file unless the person typed their own.
 */
export function chooseFile(draft: UploadDraft, file: File): UploadDraft {
  if (!isWorkbookFileName(file.name)) return draft;
  const name = nameIsTheFiles(draft) ? lineListNameFromFileName(file.name) : draft.name;
  return { ...draft, file, name, preview: undefined, season: undefined, year: undefined };
}

export function removeFile(draft: UploadDraft): UploadDraft {
  const name = nameIsTheFiles(draft) ? undefined : draft.name;
  return { ...draft, file: undefined, name, preview: undefined, season: undefined, year: undefined };
}

export function setName(draft: UploadDraft, name: string): UploadDraft {
  return { ...draft, name };
}

/** Why the name cannot be used (the names' rules), or undefined; an update keeps its line list's name. */
export function nameProblem(draft: UploadDraft): string | undefined {
  if (draft.typeChoice === "update" || isUnset(draft.file)) return undefined;
  const parsed = lineListNameSchema.safeParse(draft.name ?? "");
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * Season and year from a sheet name "{season} {year}": the last word is the 4-digit year and the
 * rest the season ("Spring 2027", "Holiday Drop 2027"). Anything else gives neither.
 */
export function seasonAndYearFromSheetName(sheetName: string): { season?: string; year?: number } {
  const match = /^(.*\S)\s+(\d{4})$/.exec(sheetName.trim());
  if (!match) return {};
  return { season: match[1]!.replace(/\s+/g, " "), year: Number(match[2]) };
}

/**
 * What was read from the file; ignored when the file has changed since the reading began. The
 * season is the first sheet's name's ("Spring 2027"), else what the sheet or file name suggests
 * ("SS28 Line Sheet", "Skechers_FW27.csv"): sent with the upload, it is this file's season where
 * the brand's saved mapping carries one from an earlier file (docs/line-list-mapping.md).
 */
export function setSheetPreview(draft: UploadDraft, file: File, preview: SheetPreview): UploadDraft {
  if (draft.file !== file) return draft;
  const fromName = seasonAndYearFromSheetName(preview.sheetName);
  const suggested = fromName.season ? null : suggestSeason(preview.sheetName, file.name);
  const { season, year } = suggested ?? fromName;
  return { ...draft, preview, season, year };
}

export const uploadDraftMessages = {
  neitherBrandNorType: uploadMessages.neitherBrandNorType,
  brandNotSet: uploadMessages.brandNotSet,
  typeNotSet: uploadMessages.lineListTypeNotSet,
  lineListToUpdateNotSet: "Choose the line list to update",
  fileNotSet: uploadMessages.fileNotSet,
  preBookDatesNotSet: "Set the date sent and the deadline for orders",
  availabilityNotSet: "Set the date of availability",
} as const;

/**
 * Why Upload is disabled (SPEC.md section 5), or undefined when it is enabled: brand or type
 * unset (for an update, the type comes with the line list chosen), no file, a new line list's
 * name the names' rules refuse, a pre-book without
 * its date sent or deadline, a future stock without its date of availability.
 */
export function uploadDisabledReason(draft: UploadDraft): string | undefined {
  const noBrand = isUnset(draft.brandId);
  const noType = isUnset(draft.lineListType);
  if (noBrand && noType) return uploadDraftMessages.neitherBrandNorType;
  if (noBrand) return uploadDraftMessages.brandNotSet;
  if (noType) {
    return draft.typeChoice === "update"
      ? uploadDraftMessages.lineListToUpdateNotSet
      : uploadDraftMessages.typeNotSet;
  }
  if (draft.typeChoice === "update" && isUnset(draft.lineListId))
    return uploadDraftMessages.lineListToUpdateNotSet;
  if (isUnset(draft.file)) return uploadDraftMessages.fileNotSet;
  const badName = nameProblem(draft);
  if (badName) return badName;
  if (draft.lineListType === "pre-book" && (isUnset(draft.dateSent) || isUnset(draft.dateReceived))) {
    return uploadDraftMessages.preBookDatesNotSet;
  }
  if (draft.lineListType === "future-stock" && isUnset(draft.dateOfAvailability)) {
    return uploadDraftMessages.availabilityNotSet;
  }
  return undefined;
}

export function canUpload(draft: UploadDraft): boolean {
  return uploadDisabledReason(draft) === undefined;
}

/** The file input is shown once both brand and type are set. */
export function showsFileInput(draft: UploadDraft): boolean {
  return !isUnset(draft.brandId) && !isUnset(draft.lineListType);
}
