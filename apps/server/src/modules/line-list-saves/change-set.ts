import { sql } from "drizzle-orm";
import type { LineListSaveKind } from "@cm/contracts/line-list-saves";
import { rowsOf, type Tx } from "../../db/client.ts";
import type { SaveCounts } from "./schema.ts";
import {
  changedFieldsOf,
  takeSnapshot,
  type ComparedField,
  type SavedStyle,
  type StyleSnapshot,
} from "./snapshot.ts";

/**
 * A line list save as one change set (issue 33, docs/line-list-saves.md). A writer of a line
 * list's styles (the upload's save, an undo) starts one in its transaction before it writes and
 * finishes it after: the change set keeps, for each style, its fields before and after and
 * whether the write added or removed it, which is what the saves list shows and what undo reverses.
 *
 *   const changeSet = await startChangeSet(tx, lineListId);
 *   ... write ...
 *   await changeSet.finish({ kind: "update", uploadId, fileName, actorUserId });
 *
 * Each end is one statement reading the whole line list as one JSON value (a 5,000-style line
 * list with its sizes and placements costs a few hundred milliseconds on the embedded database);
 * only the styles that differ are stored. `finish` records no history of its own: the writer
 * records its one entry (the upload's save, `upload`; an undo, `update`), and `finish` puts the
 * save's id in that entry's details when it is already written (an upload's, found by upload id).
 */
export interface ChangeSetFinish {
  kind: LineListSaveKind;
  /** The upload saved; null for an undo. */
  uploadId: number | null;
  fileName: string | null;
  actorUserId: number | null;
  /** For an undo: the save it undoes (marked undone by this one). */
  undoes?: number | null;
}

export interface ChangeSet {
  finish(input: ChangeSetFinish): Promise<{ saveId: number | null }>;
  /** The line list's styles when the change set started, by model code (what an undo plans from). */
  readonly before?: ReadonlyMap<string, StyleSnapshot>;
}

/** One style's difference between the two snapshots, as the change set stores it. */
export interface StyleDifference {
  modelCode: string;
  productId: number;
  change: "added" | "changed" | "removed";
  before: SavedStyle | null;
  after: SavedStyle | null;
}

/** A changed style's identity and the fields that changed, as one side of the change had them. */
function part(style: StyleSnapshot, fields: readonly ComparedField[]): SavedStyle {
  const saved: Record<string, unknown> = { product_id: style.product_id, model_code: style.model_code };
  for (const field of fields) saved[field] = style[field];
  return saved as SavedStyle;
}

/** The styles added, removed or changed (in a compared field) from one snapshot to the other. */
export function differences(
  before: ReadonlyMap<string, StyleSnapshot>,
  after: ReadonlyMap<string, StyleSnapshot>,
): StyleDifference[] {
  const result: StyleDifference[] = [];
  for (const [modelCode, style] of before) {
    const now = after.get(modelCode);
    if (!now) {
      result.push({ modelCode, productId: style.product_id, change: "removed", before: style, after: null });
    } else {
      const fields = changedFieldsOf(style, now);
      if (fields.length > 0) {
        result.push({
          modelCode,
          productId: now.product_id,
          change: "changed",
          before: part(style, fields),
          after: part(now, fields),
        });
      }
    }
  }
  for (const [modelCode, style] of after) {
    if (!before.has(modelCode)) {
      result.push({ modelCode, productId: style.product_id, change: "added", before: null, after: style });
    }
  }
  return result;
}

export function countsOf(styles: readonly StyleDifference[]): SaveCounts {
  const counts: SaveCounts = { added: 0, changed: 0, removed: 0 };
  for (const style of styles) counts[style.change] += 1;
  return counts;
}

/** Rows a statement inserts at once: one JSON parameter, kept to a few megabytes. */
const styleBatchSize = 1000;

export async function startChangeSet(tx: Tx, lineListId: number): Promise<ChangeSet> {
  const before = await takeSnapshot(tx, lineListId);
  return {
    before,
    async finish(input) {
      const after = await takeSnapshot(tx, lineListId);
      const styles = differences(before, after);
      const counts = countsOf(styles);
      const [save] = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into line_list_saves (line_list_id, kind, upload_id, file_name, saved_by, counts, undoes)
          values (${lineListId}, ${input.kind}, ${input.uploadId}, ${input.fileName}, ${input.actorUserId},
            ${JSON.stringify(counts)}::jsonb, ${input.undoes ?? null})
          returning id`),
      );
      const saveId = Number(save!.id);
      for (let start = 0; start < styles.length; start += styleBatchSize) {
        const batch = styles.slice(start, start + styleBatchSize).map((style) => ({
          model_code: style.modelCode,
          product_id: style.productId,
          change: style.change,
          before: style.before,
          after: style.after,
        }));
        await tx.execute(sql`
          insert into line_list_save_styles (save_id, product_id, model_code, change, before, after)
          select ${saveId}, x.product_id, x.model_code, x.change, x.before, x.after
          from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
            as x(product_id int, model_code text, change text, before jsonb, after jsonb)`);
      }
      if (input.undoes) {
        await tx.execute(sql`
          update line_list_saves set undone_by = ${saveId}
          where id = ${input.undoes} and line_list_id = ${lineListId}`);
      }
      if (input.uploadId !== null) {
        // The upload's save entry, when the writer recorded it already: it names the change set.
        await tx.execute(sql`
          update history_entries
          set data = coalesce(data, '{}'::jsonb) || jsonb_build_object('saveId', ${saveId}::int)
          where entity_type = 'line-list' and entity_id = ${String(lineListId)} and action = 'upload'
            and data->>'uploadId' = ${String(input.uploadId)}`);
      }
      return { saveId };
    },
  };
}
