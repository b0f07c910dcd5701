import { brandMessages } from "@cm/contracts/brands";
import { mappingMessages, type LineListMapping } from "@cm/contracts/line-list-mapping";
import type { BrandMappingData, SaveBrandMappingInput } from "@cm/contracts/line-list-mapping-api";
import { headerFingerprint, mappingProblems } from "@cm/contracts/mapping-engine/guess-mapping";
import type { Database, DbExecutor, Tx } from "../../db/client.ts";
import { InvalidError, NotFoundError } from "../../lib/errors.ts";
import { recordHistory } from "../../lib/history.ts";
import { findBrandNameById } from "../brands/repository.ts";
import { deleteBrandMapping, findBrandMapping, upsertBrandMapping, type MappingRow } from "./repository.ts";

/**
 * A brand's column mapping (docs/line-list-mapping.md): read, saved (by PUT, or by an upload the
 * person confirmed the mapping for) and reset. Saving and resetting record a history entry on the
 * brand, in the same transaction, without touching the brand's own revision: a mapping is not one
 * of the fields the brand's form edits, so it never makes that form's next save stale.
 */

/** Where a history entry's details hold the mapping before and after. */
export const mappingHistoryField = "columnMapping";

export function toBrandMappingData(row: MappingRow | undefined): BrandMappingData {
  if (!row) return null;
  return {
    mapping: row.mapping,
    headers: row.headers,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

async function existingBrand(db: DbExecutor, brandId: number): Promise<{ id: number; name: string }> {
  const brand = await findBrandNameById(db, brandId);
  if (!brand) throw new NotFoundError(brandMessages.notFound);
  return brand;
}

export async function getBrandMapping(db: DbExecutor, brandId: number): Promise<BrandMappingData> {
  await existingBrand(db, brandId);
  return toBrandMappingData(await findBrandMapping(db, brandId));
}

/** JSON with its keys sorted: jsonb gives a stored mapping's keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/**
 * Saves the brand's mapping with the headers it was confirmed on, and its history entry, inside
 * the caller's transaction. The same mapping saved again changes nothing and records nothing (an
 * upload that sends the mapping it was inspected with). Answers whether anything changed.
 */
export async function saveMappingInTransaction(
  tx: Tx,
  brand: { id: number; name: string },
  input: { mapping: LineListMapping; headers: readonly string[] },
  actorUserId: number | null,
): Promise<boolean> {
  const before = await findBrandMapping(tx, brand.id, { lock: true });
  const headers = [...input.headers];
  if (
    before &&
    canonical(before.mapping) === canonical(input.mapping) &&
    canonical(before.headers) === canonical(headers)
  )
    return false;
  await upsertBrandMapping(tx, {
    brandId: brand.id,
    mapping: input.mapping,
    headers,
    fingerprint: headerFingerprint(headers),
    updatedBy: actorUserId,
  });
  await recordHistory(tx, [
    {
      actorUserId,
      entityType: "brand",
      entityId: brand.id,
      entityLabel: brand.name,
      action: "update",
      // The summary says it; the mappings themselves are details, too long to show as fields.
      changes: [],
      summary: mappingMessages.saved,
      details: { [mappingHistoryField]: { before: before?.mapping ?? null, after: input.mapping, headers } },
    },
  ]);
  return true;
}

/**
 * PUT /api/brands/{id}/mapping: the mapping a person edited on the brand's page. It must name the
 * required fields among its headers and no column twice (mappingProblems, without a file: sizes
 * and season are checked when a file is read); 400 with the reasons otherwise.
 */
export async function saveBrandMapping(
  db: Database,
  brandId: number,
  input: SaveBrandMappingInput,
  actorUserId: number | null,
): Promise<BrandMappingData> {
  const problems = mappingProblems(input.mapping, input.headers, {
    unreadableSizes: [],
    seasonFromSheet: true,
  });
  if (problems.length > 0) throw new InvalidError(problems[0], { mapping: problems });
  return db.transaction(async (tx) => {
    const brand = await existingBrand(tx, brandId);
    await saveMappingInTransaction(tx, brand, input, actorUserId);
    return toBrandMappingData(await findBrandMapping(tx, brandId));
  });
}

/**
 * DELETE /api/brands/{id}/mapping: the brand's next upload asks for its columns again. A brand
 * without a mapping is answered the same (nothing to reset, nothing recorded).
 */
export async function resetBrandMapping(
  db: Database,
  brandId: number,
  actorUserId: number | null,
): Promise<null> {
  return db.transaction(async (tx) => {
    const brand = await existingBrand(tx, brandId);
    const before = await findBrandMapping(tx, brandId, { lock: true });
    if (!before || !(await deleteBrandMapping(tx, brandId))) return null;
    await recordHistory(tx, [
      {
        actorUserId,
        entityType: "brand",
        entityId: brand.id,
        entityLabel: brand.name,
        action: "update",
        changes: [],
        summary: mappingMessages.reset,
        details: { [mappingHistoryField]: { before: before.mapping, after: null } },
      },
    ]);
    return null;
  });
}
