import type { LineListRowError, PreviewStyle } from "@cm/contracts/line-list-format";
import {
  type PreviewNewStyleData,
  type PreviewNewStyleInput,
  previewMessages,
} from "@cm/contracts/line-list-preview";
import { lineListColumns, type LineListColumnKey } from "@cm/contracts/line-list-workbook";
import type { Database } from "../../db/client.ts";
import { DomainError, InvalidError, NotFoundError, withConstraintMessages } from "../../lib/errors.ts";
import { parseCrocsSheet } from "../file-processing/crocs-parser.ts";
import {
  countAddedStyle,
  findPendingUpload,
  findStagedClashes,
  insertStagedStyles,
  nextStagedPosition,
} from "./repository.ts";

/**
 * "Add new item" on the preview: a style typed by hand joins the upload waiting, after the file's
 * styles. It is read as one more style of the file would be, by the parser itself: its values
 * make the rows of a one-style sheet (one row per size, the style's values on the first), so a
 * typed style meets exactly the rules, and the messages, of an uploaded one.
 */

type StyleField = Exclude<keyof PreviewNewStyleInput, "sizes">;

/** The input's field for each workbook column (Size and SKU are a size's). */
const fieldOfColumn: Record<Exclude<LineListColumnKey, "size" | "sku">, StyleField> = {
  franchise: "franchise",
  silhouette: "silhouette",
  model_code: "modelCode",
  color: "color",
  gender: "gender",
  msrp: "msrp",
  expected_shipped_date: "expectedShipDate",
  image_urls: "imageUrls",
  comfort_level: "comfortLevel",
  height_range: "heightRange",
  wear_occasion: "wearOccasion",
  target_fit: "targetFit",
};

const headerKeys = new Map<string, LineListColumnKey>(
  lineListColumns.map((column) => [column.header, column.key]),
);

/** The sheet a workbook holding only this style would have. */
function sheetOf(input: PreviewNewStyleInput, season: string, year: number) {
  const header = lineListColumns.map((column) => column.header);
  const rows = input.sizes.map((size, index) =>
    lineListColumns.map((column) => {
      if (column.key === "size") return size.size;
      if (column.key === "sku") return size.sku;
      // The style's values on its first row; the parser gives them to its other rows.
      const field = fieldOfColumn[column.key];
      return index === 0 || field === "modelCode" ? (input[field] ?? "") : "";
    }),
  );
  return { name: `${season} ${year}`, rows: [header, ...rows] };
}

/** A parser error as the field it is about: `msrp`, `sizes.2.sku`. */
function fieldPath(error: LineListRowError): string {
  const key = error.column === null ? undefined : headerKeys.get(error.column);
  if (key === "size" || key === "sku") return `sizes.${(error.row ?? 2) - 2}.${key}`;
  return key ? fieldOfColumn[key] : "modelCode";
}

function fieldErrors(entries: { path: string; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const { path, message } of entries) (errors[path] ??= []).push(message);
  return errors;
}

/** Reads the typed style as the parser reads a file's; 400 with the field errors when it refuses it. */
function parseStyle(input: PreviewNewStyleInput, season: string, year: number): PreviewStyle {
  const parsed = parseCrocsSheet(sheetOf(input, season, year));
  if (!parsed.ok) {
    throw new InvalidError(
      previewMessages.itemHasErrors,
      fieldErrors(parsed.errors.map((error) => ({ path: fieldPath(error), message: error.message }))),
    );
  }
  return parsed.styles[0]!;
}

export async function addStagedStyle(
  db: Database,
  lineListId: number,
  input: PreviewNewStyleInput,
): Promise<PreviewNewStyleData> {
  const inFile = previewMessages.modelCodeInFile(input.modelCode.trim());
  const modelCodeTaken = new DomainError(409, inFile, { modelCode: [inFile] });
  return withConstraintMessages({ staged_styles_upload_model_code_unique: () => modelCodeTaken }, () =>
    db.transaction(async (tx) => {
      const upload = await findPendingUpload(tx, lineListId, { lock: true });
      if (!upload) throw new NotFoundError(previewMessages.noPreview);
      const style = parseStyle(input, upload.season, upload.year);
      const skus = style.items.map((item) => item.sku);
      const clashes = await findStagedClashes(tx, upload.id, style.model_code, skus);
      if (clashes.modelCodeStaged) throw modelCodeTaken;
      if (clashes.skus.length > 0) {
        const first = clashes.skus[0]!;
        throw new DomainError(
          409,
          previewMessages.skuInFile(first.sku, first.modelCode),
          fieldErrors(
            clashes.skus.map((clash) => ({
              path: `sizes.${skus.indexOf(clash.sku)}.sku`,
              message: previewMessages.skuInFile(clash.sku, clash.modelCode),
            })),
          ),
        );
      }
      const position = await nextStagedPosition(tx, upload.id);
      await insertStagedStyles(tx, upload.id, [style], position);
      await countAddedStyle(tx, upload.id, style.items.length);
      return { lineListId, modelCode: style.model_code, position };
    }),
  );
}
