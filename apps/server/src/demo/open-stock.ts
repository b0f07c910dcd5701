import { Readable } from "node:stream";
import type { OpenStockCounts } from "@cm/contracts/open-stock";
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client.ts";
import { applyOpenStock, previewOpenStock } from "../modules/open-stock/service.ts";
import { newUploadKey } from "../modules/storage/object-store.ts";
import { temporaryObjectStore } from "./brand-uploads.ts";

/**
 * The demo's stock count (issue 32, docs/open-stock.md): a semicolon CSV of SKU and quantity, as
 * a warehouse system exports it, uploaded through the real path (stored, previewed with the
 * columns the reader guesses, applied), so New Order's grids show available quantities. It counts
 * the sizes of the published own-stock line lists, bar every fourth style (not counted: no
 * quantity known), with a sold-out size here and there, and names a few SKUs no product has
 * (discontinued styles, listed as unknown).
 *
 * The quantities are generous (12 to 59) beside the sold-out ones: the order journeys type a few
 * units into the first styles and expect no warning. Applied after the demo orders, so they are
 * today's count, not taken by a year of orders placed before it.
 *
 * Once only: when any SKU of the file already has a known quantity (this count applied before, or
 * a person's own upload), nothing is applied, so running the seed again changes no quantity.
 */
export const demoStockFileName = "Warehouse stock count.csv";

/** SKUs of styles the brands no longer make: the preview lists them as unknown. */
export const demoUnknownSkus = ["10099-001-M9", "195000099900", "810000099900"] as const;

/** What the count says of a style's size, by the style's place in its line list: null when not counted. */
export function demoStockQuantity(styleIndex: number, sizeIndex: number, sizes: number): number | null {
  if (styleIndex % 4 === 3) return null;
  if (styleIndex % 5 === 2 && sizeIndex === sizes - 1) return 0;
  return 12 + ((styleIndex * 17 + sizeIndex * 11) % 48);
}

/** The sizes of the published own-stock line lists, each style's in the order its sizes were read. */
async function ownStockSizes(db: Database) {
  return rowsOf<{ lineListId: number; productId: number; sku: string }>(
    await db.execute(sql`
      select li.line_list_id as "lineListId", li.product_id as "productId", ps.sku
      from line_lists ll
      join line_list_items li on li.line_list_id = ll.id
      join product_sizes ps on ps.product_id = li.product_id
      where ll.type = 'own-stock' and ll.stage = 'saved' and ll.published
      order by ll.id, li.position, li.id, ps.id
    `),
  );
}

/** The count's lines: SKU and quantity, the counted sizes first, then the unknown SKUs. */
export async function demoStockLines(db: Database): Promise<[sku: string, quantity: number][]> {
  const sizes = await ownStockSizes(db);
  const styles = new Map<string, { styleIndex: number; skus: string[] }>();
  const stylesPerLineList = new Map<number, number>();
  for (const size of sizes) {
    const key = `${size.lineListId}:${size.productId}`;
    let style = styles.get(key);
    if (!style) {
      const styleIndex = stylesPerLineList.get(size.lineListId) ?? 0;
      stylesPerLineList.set(size.lineListId, styleIndex + 1);
      style = { styleIndex, skus: [] };
      styles.set(key, style);
    }
    style.skus.push(size.sku);
  }
  const lines = new Map<string, number>();
  for (const { styleIndex, skus } of styles.values()) {
    skus.forEach((sku, sizeIndex) => {
      const quantity = demoStockQuantity(styleIndex, sizeIndex, skus.length);
      // A product in two own-stock line lists is counted once.
      if (quantity !== null && !lines.has(sku)) lines.set(sku, quantity);
    });
  }
  if (lines.size === 0) return [];
  return [...lines, ...demoUnknownSkus.map((sku): [string, number] => [sku, 25])];
}

/** The file as the warehouse exports it: semicolons, CRLF. */
export function demoStockCsv(lines: readonly (readonly [string, number])[]): Buffer {
  return Buffer.from(
    ["SKU;Quantity", ...lines.map(([sku, quantity]) => `${sku};${quantity}`)].join("\r\n") + "\r\n",
  );
}

/**
 * Applies the demo's stock count once (see above). Answers its counts, or null when nothing was
 * applied (a quantity already known, or no published own-stock line list to count).
 */
export async function seedDemoOpenStock(db: Database): Promise<OpenStockCounts | null> {
  const lines = await demoStockLines(db);
  if (lines.length === 0) return null;
  const [known] = rowsOf<{ known: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from product_sizes
        where available_quantity is not null
          and sku in (select jsonb_array_elements_text(${JSON.stringify(lines.map(([sku]) => sku))}::jsonb))
      ) as known
    `),
  );
  if (known?.known) return null;

  const { store, remove } = await temporaryObjectStore();
  try {
    const bytes = demoStockCsv(lines);
    const key = newUploadKey("csv");
    await store.write(key, Readable.from([bytes]), bytes.length);
    const deps = { db, store };
    const preview = await previewOpenStock(deps, { key, fileName: demoStockFileName });
    const { sku, quantity } = preview.columns;
    if (preview.problems.length > 0 || sku === null || quantity === null) {
      throw new Error(`${demoStockFileName}: ${preview.problems.join("; ") || "no SKU or quantity column"}`);
    }
    return await applyOpenStock(
      deps,
      {
        key,
        fileName: demoStockFileName,
        headerRow: preview.headerRow,
        ...(preview.sheet !== null && { sheet: preview.sheet }),
        columns: { sku, quantity },
      },
      null,
    );
  } finally {
    await remove();
  }
}
