import { sql } from "drizzle-orm";
import { previewFieldValues, type PreviewField } from "@cm/contracts/line-list-preview";
import { type DbExecutor, rowsOf } from "../../db/client.ts";

/**
 * The review's choices on an upload waiting in preview (issue 33, docs/line-list-saves.md): kept
 * with the staged upload, each kind one set-based statement.
 */

/* ---------------------------------------------------------------------------------------------
 * The review's choices (issue 33): kept with the staged upload, each a set-based statement.
 * ------------------------------------------------------------------------------------------- */

/** "Take all": every change taken, every new style in, every dropped style kept. */
export async function resetChoices(tx: DbExecutor, uploadId: number): Promise<void> {
  await tx.execute(sql`
    update staged_styles set kept_fields = '{}', left_out = false
    where upload_id = ${uploadId} and (cardinality(kept_fields) > 0 or left_out)`);
  await tx.execute(sql`update line_list_uploads set removed_dropped = '{}' where id = ${uploadId}`);
}

/** "Keep every old MSRP" (keep) or take every new one, over the whole upload: one statement. */
export async function chooseColumn(
  tx: DbExecutor,
  uploadId: number,
  field: PreviewField,
  keep: boolean,
): Promise<void> {
  await tx.execute(
    keep
      ? sql`update staged_styles set kept_fields = kept_fields || array[${field}]::text[]
          where upload_id = ${uploadId} and not ${field} = any(kept_fields)`
      : sql`update staged_styles set kept_fields = array_remove(kept_fields, ${field}::text)
          where upload_id = ${uploadId} and ${field} = any(kept_fields)`,
  );
}

/** Every new style (no product of the brand has its model code) left out or taken. */
export async function chooseNewStyles(
  tx: DbExecutor,
  uploadId: number,
  brandId: number,
  leaveOut: boolean,
): Promise<void> {
  await tx.execute(sql`
    update staged_styles s set left_out = ${leaveOut}
    where s.upload_id = ${uploadId} and s.left_out <> ${leaveOut}
      and not exists (select 1 from products p where p.brand_id = ${brandId} and p.model_code = s.model_code)`);
}

/** Which of these staged style ids are the upload's, and whether a product of the brand has each one's model code. */
export async function findStagedStylesOf(
  db: DbExecutor,
  uploadId: number,
  brandId: number,
  ids: readonly number[],
): Promise<{ id: number; model_code: string; existing: boolean }[]> {
  if (ids.length === 0) return [];
  return rowsOf<{ id: number; model_code: string; existing: boolean }>(
    await db.execute(sql`
      select s.id, s.model_code,
        exists (select 1 from products p where p.brand_id = ${brandId} and p.model_code = s.model_code) as existing
      from staged_styles s
      where s.upload_id = ${uploadId} and s.id in (select value::int from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`),
  );
}

export interface StyleChoice {
  id: number;
  keep?: readonly PreviewField[];
  take?: readonly PreviewField[];
  keepStyle?: boolean;
  leaveOut?: boolean;
}

/**
 * Per-style choices, all in one statement: `keepStyle` sets every field kept (true) or taken
 * (false); otherwise `keep` adds to the kept fields and `take` then removes from them.
 */
export async function chooseStyles(
  tx: DbExecutor,
  uploadId: number,
  choices: readonly StyleChoice[],
): Promise<void> {
  if (choices.length === 0) return;
  const rows = choices.map((choice) => ({
    id: choice.id,
    keep: choice.keep ?? [],
    take: choice.take ?? [],
    keep_style: choice.keepStyle ?? null,
    leave_out: choice.leaveOut ?? null,
  }));
  const everyField = sql.raw(`array[${previewFieldValues.map((field) => `'${field}'`).join(", ")}]::text[]`);
  await tx.execute(sql`
    update staged_styles s set
      kept_fields = case
        when x.keep_style is true then ${everyField}
        when x.keep_style is false then '{}'::text[]
        else array(
          select f from unnest(s.kept_fields || x.keep) with ordinality as k(f, n)
          where not f = any(x.take) group by f order by min(n))
      end,
      left_out = coalesce(x.leave_out, s.left_out)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, keep text[], take text[], keep_style boolean, leave_out boolean)
    where s.id = x.id and s.upload_id = ${uploadId}`);
}

/** Dropped styles removed from the line list on save (remove) or kept, by model code. */
export async function chooseDropped(
  tx: DbExecutor,
  uploadId: number,
  modelCodes: readonly string[],
  remove: boolean,
): Promise<void> {
  const codes = JSON.stringify(modelCodes);
  await tx.execute(
    remove
      ? sql`update line_list_uploads set removed_dropped = array(
            select distinct c from unnest(removed_dropped || array(select jsonb_array_elements_text(${codes}::jsonb))) c order by c)
          where id = ${uploadId}`
      : sql`update line_list_uploads set removed_dropped = array(
            select c from unnest(removed_dropped) c
            where c not in (select jsonb_array_elements_text(${codes}::jsonb)) order by c)
          where id = ${uploadId}`,
  );
}
