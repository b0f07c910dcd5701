import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { previewStatusValues } from "@cm/contracts/line-list-preview";
import { uploadActionValues } from "@cm/contracts/uploads";
import { users } from "../../db/core-schema.ts";
import { lineLists } from "../line-lists/schema.ts";
import { styleColumns } from "../products/schema.ts";

export const lineListUploadStatusValues = ["pending", "confirmed"] as const;

const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * A processed line list workbook (DESIGN.md section 6): which line list it creates (`new`, the
 * line list then in preview) or updates (`update`, a saved one), the stored file it came from,
 * and whether it was saved. Its styles wait in `staged_styles` until then; nothing touches
 * products before. At most one upload per line list waits at a time.
 */
export const lineListUploads = pgTable(
  "line_list_uploads",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    lineListId: integer("line_list_id")
      .notNull()
      .references(() => lineLists.id, { onDelete: "cascade" }),
    action: text("action", { enum: uploadActionValues }).notNull(),
    status: text("status", { enum: lineListUploadStatusValues }).notNull().default("pending"),
    /** The object the workbook was stored as; processed once. */
    fileKey: text("file_key").notNull(),
    fileName: text("file_name").notNull(),
    season: text("season").notNull(),
    year: integer("year").notNull(),
    rowCount: integer("row_count").notNull(),
    stylesCount: integer("styles_count").notNull(),
    trackingId: text("tracking_id"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /**
     * The review's choice for the line list's styles missing from the file (update): the model
     * codes saving removes from the line list (docs/line-list-saves.md). The others stay.
     */
    removedDropped: text("removed_dropped")
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** How many of the line list's styles the file dropped, as the preview last compared (null before). */
    droppedCount: integer("dropped_count"),
  },
  (table) => [
    unique("line_list_uploads_file_key_unique").on(table.fileKey),
    uniqueIndex("line_list_uploads_one_pending")
      .on(table.lineListId)
      .where(sql`${table.status} = 'pending'`),
    index("line_list_uploads_line_list_idx").on(table.lineListId),
    check("line_list_uploads_action_check", sql`${table.action} in (${quotedList(uploadActionValues)})`),
    check(
      "line_list_uploads_status_check",
      sql`${table.status} in (${quotedList(lineListUploadStatusValues)})`,
    ),
  ],
);

/**
 * The styles of a pending upload, one row per model code, with its sizes as a JSON array of
 * `{size, sku}` in the workbook's order (a 50,000-SKU file is 5,000 rows here).
 */
export const stagedStyles = pgTable(
  "staged_styles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    uploadId: integer("upload_id")
      .notNull()
      .references(() => lineListUploads.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    ...styleColumns,
    sizes: jsonb("sizes").$type<{ size: string; sku: string }[]>().notNull(),
    /** The review's choices: the fields whose old value saving keeps (`previewFieldValues`). */
    keptFields: text("kept_fields")
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** A new style left out of the save: neither created nor attached. */
    leftOut: boolean("left_out").notNull().default(false),
    /**
     * The comparison as the preview last made it (null before): the status and changed fields a
     * choice's totals are counted from, so one click does not compare the whole upload again.
     */
    comparedStatus: text("compared_status", { enum: previewStatusValues }),
    comparedFields: text("compared_fields").array(),
  },
  (table) => [
    unique("staged_styles_upload_model_code_unique").on(table.uploadId, table.modelCode),
    index("staged_styles_upload_position_idx").on(table.uploadId, table.position),
  ],
);
