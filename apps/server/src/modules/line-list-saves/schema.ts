import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { lineListSaveKindValues, styleChangeValues } from "@cm/contracts/line-list-saves";
import { users } from "../../db/core-schema.ts";
import { lineLists } from "../line-lists/schema.ts";
import { lineListUploads } from "../uploads/schema.ts";
import type { SavedStyle } from "./snapshot.ts";

const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

export interface SaveCounts {
  added: number;
  changed: number;
  removed: number;
}

/**
 * A save of a line list as one change set (migration 0025, docs/line-list-saves.md): an upload's
 * save (`new`, `update`) or an undo of an earlier save (`undo`, `undoes` naming it). A save is
 * undone at most once (`undone_by`); the undo itself can be undone.
 */
export const lineListSaves = pgTable(
  "line_list_saves",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    lineListId: integer("line_list_id")
      .notNull()
      .references(() => lineLists.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: lineListSaveKindValues }).notNull(),
    uploadId: integer("upload_id").references(() => lineListUploads.id, { onDelete: "set null" }),
    fileName: text("file_name"),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    savedBy: integer("saved_by").references(() => users.id, { onDelete: "set null" }),
    counts: jsonb("counts")
      .$type<SaveCounts>()
      .notNull()
      .default(sql`'{"added":0,"changed":0,"removed":0}'::jsonb`),
    // Both self-references are DEFERRABLE INITIALLY DEFERRED in migration 0025 (Drizzle does not
    // model it): a restore loads a save's row, rewritten when it was undone, after its undo's.
    undoes: integer("undoes").references((): AnyPgColumn => lineListSaves.id, { onDelete: "set null" }),
    undoneBy: integer("undone_by").references((): AnyPgColumn => lineListSaves.id, { onDelete: "set null" }),
  },
  (table) => [
    index("line_list_saves_line_list_idx").on(table.lineListId, table.id),
    uniqueIndex("line_list_saves_undoes_unique")
      .on(table.undoes)
      .where(sql`${table.undoes} is not null`),
    index("line_list_saves_upload_idx").on(table.uploadId),
    index("line_list_saves_saved_by_idx").on(table.savedBy),
    check("line_list_saves_kind_check", sql`${table.kind} in (${quotedList(lineListSaveKindValues)})`),
  ],
);

/**
 * The styles a save touched, each once: `before` null for a style it added, `after` null for one
 * it removed, both for one it changed. The product may be deleted since (an undo of the save that
 * created it): no foreign key, the model code names the style within the line list's brand.
 */
export const lineListSaveStyles = pgTable(
  "line_list_save_styles",
  {
    saveId: integer("save_id")
      .notNull()
      .references(() => lineListSaves.id, { onDelete: "cascade" }),
    productId: integer("product_id"),
    modelCode: text("model_code").notNull(),
    change: text("change", { enum: styleChangeValues }).notNull(),
    before: jsonb("before").$type<SavedStyle>(),
    after: jsonb("after").$type<SavedStyle>(),
  },
  (table) => [
    primaryKey({ columns: [table.saveId, table.modelCode] }),
    check("line_list_save_styles_change_check", sql`${table.change} in (${quotedList(styleChangeValues)})`),
  ],
);
