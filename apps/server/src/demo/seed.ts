import { inArray, sql } from "drizzle-orm";
import { isCrocsBrand } from "@cm/contracts/brands";
import type { CatalogType } from "@cm/contracts/catalogs";
import type { Config } from "../env.ts";
import { demoBrandUploads, DemoUploader } from "./brand-uploads.ts";
import { seedDemoCustomers } from "./customers.ts";
import { seedDemoOpenStock } from "./open-stock.ts";
import { seedDemoOrders } from "./orders.ts";
import { createLineListInTransaction, type CreateLineListInput } from "../modules/line-lists/service.ts";
import type { ProductInput } from "../modules/products/repository.ts";
import type { Database } from "../db/client.ts";
import { brands, lineLists } from "../db/schema.ts";
import { seedDatabase } from "../db/seed.ts";

/**
 * Demo data for trying the product and for screenshots (`npm run seed:demo`), never loaded by a
 * normal start. Created through the same domain services the product uses, so it is exactly
 * what an upload and a segmentation would have left behind. Idempotent: what exists is kept.
 * The customers, stores and people of the demo belong to their own modules and join here.
 */

const franchises = [
  { franchise: "Classic", silhouette: "Clog", msrp: "49.99" },
  { franchise: "Echo", silhouette: "Clog", msrp: "69.99" },
  { franchise: "Bayaband", silhouette: "Clog", msrp: "54.99" },
  { franchise: "LiteRide", silhouette: "360 Clog", msrp: "64.99" },
  { franchise: "Baya", silhouette: "Slide", msrp: "34.99" },
  { franchise: "Mellow", silhouette: "Recovery Slide", msrp: "44.99" },
  { franchise: "Crush", silhouette: "Platform Clog", msrp: "74.99" },
  { franchise: "Brooklyn", silhouette: "Low Wedge", msrp: "59.99" },
] as const;
const colors = ["Black", "White", "Navy", "Bone", "Pepper", "Lapis"] as const;
const genders = ["Unisex", "Women", "Men", "Kids"] as const;
const sizeRuns: Record<(typeof genders)[number], string[]> = {
  Unisex: ["M4/W6", "M5/W7", "M6/W8", "M7/W9", "M8/W10", "M9/W11", "M10/W12", "M11/W13"],
  Women: ["W5", "W6", "W7", "W8", "W9", "W10", "W11"],
  Men: ["M7", "M8", "M9", "M10", "M11", "M12", "M13"],
  Kids: ["C8", "C9", "C10", "C11", "C12", "C13", "J1", "J2", "J3"],
};

/** Styles of the demo, as a Crocs line list workbook would describe them. */
export function demoProducts(count: number): ProductInput[] {
  return Array.from({ length: count }, (_, index) => {
    const line = franchises[index % franchises.length]!;
    const color = colors[Math.floor(index / franchises.length) % colors.length]!;
    const gender = genders[index % genders.length]!;
    const style = 10_001 + (index % franchises.length) * 7;
    const colorCode = String(Math.floor(index / franchises.length) + 1).padStart(3, "0");
    const modelCode = `${style}-${colorCode}`;
    return {
      modelCode,
      franchise: line.franchise,
      silhouette: line.silhouette,
      color,
      gender,
      msrp: line.msrp,
      expectedShipDate: "2027-01-15",
      imageUrls: [],
      comfortLevel: index % 2 === 0 ? "Cushioned" : "Classic",
      heightRange: line.silhouette.includes("Platform") ? "Platform" : "Flat",
      wearOccasion: index % 3 === 0 ? "Outdoor" : "Everyday",
      targetFit: "Roomy",
      sizes: sizeRuns[gender].map((size) => ({
        size,
        sku: `${modelCode}-${size.replace("/", "")}`,
      })),
    };
  });
}

/** Splits model codes over the catalogs by position: athletic, boutique, crocs, and some in two. */
function segment(modelCodes: string[], unsortedEvery = 0): Partial<Record<CatalogType, string[]>> {
  const result: Record<CatalogType, string[]> = { athletic: [], boutique: [], crocs: [] };
  modelCodes.forEach((code, index) => {
    if (unsortedEvery > 0 && index % unsortedEvery === unsortedEvery - 1) return;
    const type = (["athletic", "boutique", "crocs"] as const)[index % 3]!;
    result[type].push(code);
    if (index % 5 === 0) result.crocs.push(code);
  });
  for (const type of Object.keys(result) as CatalogType[]) result[type] = [...new Set(result[type])];
  return result;
}

/** The demo's line lists of a brand: published, sorted but unpublished, and still to sort. */
export function demoLineLists(brandId: number): CreateLineListInput[] {
  const products = demoProducts(36);
  const codes = products.map((product) => product.modelCode);
  return [
    {
      brandId,
      name: "Spring 2027 Pre-Book",
      description: "Spring 2027 pre-book line list",
      type: "pre-book",
      stage: "saved",
      season: "Spring",
      year: 2027,
      sentOn: "2026-09-01",
      dateSent: "2026-09-01",
      deadline: "2026-10-31",
      products: products.slice(0, 24),
      catalogs: segment(codes.slice(0, 24)),
      sortingCompleted: true,
      published: true,
    },
    {
      brandId,
      name: "Summer 2027 Future Stock",
      description: "Summer 2027 future stock line list",
      type: "future-stock",
      stage: "saved",
      season: "Summer",
      year: 2027,
      sentOn: "2026-11-02",
      dateOfAvailability: "2027-04-01",
      products: products.slice(12, 36),
      catalogs: segment(codes.slice(12, 36), 6),
      sortingCompleted: true,
    },
    {
      brandId,
      name: "Fall 2027 Own Stock",
      description: "Fall 2027 own stock line list",
      type: "own-stock",
      stage: "saved",
      season: "Fall",
      year: 2027,
      sentOn: "2027-01-04",
      products: products.slice(0, 30),
    },
  ];
}

/** Crocs' published own-stock line list (the other brands' are uploaded: brand-uploads.ts). */
export function demoOrderableLineLists(brandIds: ReadonlyMap<string, number>): CreateLineListInput[] {
  const crocsId = [...brandIds].find(([name]) => isCrocsBrand(name))?.[1];
  if (crocsId === undefined) return [];
  const products = demoProducts(16);
  return [
    {
      brandId: crocsId,
      name: "Crocs Core Own Stock",
      description: "Crocs styles in our warehouse",
      type: "own-stock",
      stage: "saved",
      sentOn: "2025-11-03",
      products,
      catalogs: segment(products.map((product) => product.modelCode)),
      sortingCompleted: true,
      published: true,
    },
  ];
}

/**
 * Adds the demo line lists: Crocs' (published, sorted, still to sort), written as an accepted
 * upload of its workbook leaves them, and the other brands' published ones, uploaded through the
 * real path in their own layouts (brand-uploads.ts). Orders are written against the published
 * ones. A demo line list that exists by brand and name is left alone.
 */
export async function seedDemoLineLists(db: Database): Promise<{ created: string[] }> {
  const candidates = await db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(brands.id);
  const crocs = candidates.find((brand) => isCrocsBrand(brand.name));
  if (!crocs) return { created: [] };
  const brandIds = new Map(candidates.map((brand) => [brand.name, brand.id]));
  const uploads = demoBrandUploads().filter((upload) => brandIds.has(upload.brandName));
  const planned = [...demoLineLists(crocs.id), ...demoOrderableLineLists(brandIds)];
  const existing = await db
    .select({ brandId: lineLists.brandId, name: lineLists.name })
    .from(lineLists)
    .where(
      inArray(sql`lower(${lineLists.name})`, [
        ...planned.map((lineList) => lineList.name.toLowerCase()),
        ...uploads.map((upload) => upload.name.toLowerCase()),
      ]),
    );
  const existingNames = new Set(existing.map((row) => `${row.brandId}:${row.name.toLowerCase()}`));
  const created: string[] = [];
  await db.transaction(async (tx) => {
    for (const input of planned) {
      if (existingNames.has(`${input.brandId}:${input.name.toLowerCase()}`)) continue;
      await createLineListInTransaction(tx, input, null);
      created.push(input.name);
    }
  });
  const uploader = new DemoUploader(db);
  try {
    for (const upload of uploads) {
      const brandId = brandIds.get(upload.brandName)!;
      if (existingNames.has(`${brandId}:${upload.name.toLowerCase()}`)) continue;
      await uploader.upload({ id: brandId, name: upload.brandName }, upload, (codes) => segment(codes));
      created.push(upload.name);
    }
  } finally {
    await uploader.close();
  }
  return { created };
}

/**
 * The whole demo: the seed a first start creates, then the demo data of every module, ending with
 * today's stock count of the own-stock line lists (open-stock.ts). Answers what it added: the line
 * lists' names, the number of orders and of SKUs the stock count set (0 when it was not applied).
 */
export async function seedDemoData(
  db: Database,
  config: Pick<Config, "ADMIN_EMAIL" | "COMPANY_NAME" | "TZ">,
): Promise<{ lineLists: string[]; orders: number; openStock: number }> {
  await seedDatabase(db, config);
  const { created } = await seedDemoLineLists(db);
  await seedDemoCustomers(db);
  const orders = await seedDemoOrders(db, { timeZone: config.TZ });
  const stock = await seedDemoOpenStock(db);
  return { lineLists: created, orders: orders.created, openStock: stock?.updated ?? 0 };
}
