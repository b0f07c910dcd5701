import type { PreviewStyle } from "@cm/contracts/line-list-format";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { startChangeSet } from "../modules/line-list-saves/change-set.ts";
import { createLineList } from "../modules/line-lists/service.ts";
import { upsertProducts, type ProductInput } from "../modules/products/repository.ts";
import { insertStagedStyles, insertUpload } from "../modules/uploads/repository.ts";

/*
 * Line lists, re-uploads waiting in preview and saves of a given size, made through the domain
 * services: the review and saves tests make small ones, `npm run bench:review`
 * (scripts/bench/review.ts) 5,000-style ones. Free of vitest, so the benchmark loads it too.
 */

/** A style of a change-set fixture: `PREFIX-00042`, `sizes` sizes, every field filled. */
export function changeSetStyle(prefix: string, index: number, sizes = 10): ProductInput {
  const modelCode = `${prefix}-${String(index).padStart(5, "0")}`;
  return {
    modelCode,
    franchise: "Classic",
    silhouette: "Clog",
    color: "Black",
    gender: "Unisex",
    msrp: "49.99",
    expectedShipDate: "2027-02-01",
    imageUrls: [`https://img.example/${modelCode}.jpg`],
    extraAttributes: { Material: "Croslite" },
    sizes: Array.from({ length: sizes }, (_, size) => ({
      size: `M${size + 4}`,
      sku: `${modelCode}-${size}`,
    })),
  };
}

export interface ReviewPreviewOptions {
  brandId: number;
  /** Who made the line list and the upload. */
  adminId: number;
  styleCount: number;
  sizesPerStyle?: number;
  name?: string;
}

/**
 * A saved line list of `styleCount` styles (MSRP 49.99, all Black) and a re-upload of it waiting
 * in preview in which every MSRP changed (59.99) and every other style's colour (Pink): `styleCount`
 * changed styles, `styleCount * 1.5` changes.
 */
export async function seedReviewPreview(
  db: Database,
  { brandId, adminId, styleCount, sizesPerStyle = 8, name = "Timing 2027" }: ReviewPreviewOptions,
): Promise<{ lineListId: number; uploadId: number }> {
  const style = (index: number, msrp: string, color: string) => ({
    modelCode: `T${index}`,
    silhouette: "Classic Clog",
    color,
    msrp,
    sizes: Array.from({ length: sizesPerStyle }, (_, size) => ({
      size: `M${size + 4}`,
      sku: `T${index}-${size}`,
    })),
  });
  const created = await createLineList(
    db,
    {
      brandId,
      name,
      stage: "saved",
      products: Array.from({ length: styleCount }, (_, index) => style(index, "49.99", "Black")),
    },
    adminId,
  );
  const staged: PreviewStyle[] = Array.from({ length: styleCount }, (_, index) => {
    const product = style(index, "59.99", index % 2 === 0 ? "Pink" : "Black");
    return {
      model_code: product.modelCode,
      franchise: null,
      silhouette: product.silhouette,
      color: product.color,
      gender: null,
      msrp: 59.99,
      expected_shipped_date: null,
      image_urls: [],
      attributes: { comfort_level: null, height_range: null, wear_occasion: null, target_fit: null },
      items: product.sizes,
    };
  });
  const uploadId = await db.transaction(async (tx) => {
    const upload = await insertUpload(tx, {
      lineListId: created.id,
      action: "update",
      fileKey: "uploads/timing.xlsx",
      fileName: `${name} v2.xlsx`,
      season: "Spring",
      year: 2027,
      rowCount: styleCount * sizesPerStyle,
      stylesCount: styleCount,
      trackingId: null,
      createdBy: adminId,
    });
    await insertStagedStyles(tx, upload.id, staged);
    return upload.id;
  });
  return { lineListId: created.id, uploadId };
}

/**
 * A save of `styleCount` styles new to the (empty) line list `lineListId`, recorded as a change
 * set: the styles `PREFIX-00000`…, 10 sizes each. Returns the save's id.
 */
export async function seedNewStylesSave(
  db: Database,
  {
    brandId,
    lineListId,
    styleCount,
    prefix = "UNDO",
  }: {
    brandId: number;
    lineListId: number;
    styleCount: number;
    prefix?: string;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const changeSet = await startChangeSet(tx, lineListId);
    const products = Array.from({ length: styleCount }, (_, index) => changeSetStyle(prefix, index));
    await upsertProducts(tx, brandId, products);
    await tx.execute(sql`
      insert into line_list_items (line_list_id, product_id, position, msrp)
      select ${lineListId}, id, (row_number() over (order by model_code) - 1)::int, msrp
      from products where brand_id = ${brandId} and model_code like ${`${prefix}-%`}`);
    return (await changeSet.finish({ kind: "new", uploadId: null, fileName: "Big.xlsx", actorUserId: null }))
      .saveId!;
  });
}
