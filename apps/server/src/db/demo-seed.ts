import { and, eq, inArray, sql } from "drizzle-orm";
import { isCrocsBrand } from "@cm/contracts/brands";
import type { CatalogType } from "@cm/contracts/catalogs";
import type { Config } from "../env.ts";
import { seedDemoCustomers } from "../modules/customers/demo-seed.ts";
import { createLineListInTransaction, type CreateLineListInput } from "../modules/line-lists/service.ts";
import type { ProductInput } from "../modules/products/repository.ts";
import type { Database } from "./client.ts";
import { brands, lineLists } from "./schema.ts";
import { seedDatabase } from "./seed.ts";

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

/** Adds the demo line lists to the Crocs brand; a demo line list that exists by name is left alone. */
export async function seedDemoLineLists(db: Database): Promise<{ created: string[] }> {
  return db.transaction(async (tx) => {
    const candidates = await tx.select({ id: brands.id, name: brands.name }).from(brands).orderBy(brands.id);
    const crocs = candidates.find((brand) => isCrocsBrand(brand.name));
    if (!crocs) return { created: [] };
    const planned = demoLineLists(crocs.id);
    const existing = await tx
      .select({ name: lineLists.name })
      .from(lineLists)
      .where(
        and(
          eq(lineLists.brandId, crocs.id),
          inArray(
            sql`lower(${lineLists.name})`,
            planned.map((lineList) => lineList.name.toLowerCase()),
          ),
        ),
      );
    const existingNames = new Set(existing.map((row) => row.name.toLowerCase()));
    const created: string[] = [];
    for (const input of planned) {
      if (existingNames.has(input.name.toLowerCase())) continue;
      await createLineListInTransaction(tx, input, null);
      created.push(input.name);
    }
    return { created };
  });
}

/** The whole demo: the seed a first start creates, then the demo data of every module. */
export async function seedDemoData(
  db: Database,
  config: Pick<Config, "ADMIN_EMAIL" | "COMPANY_NAME">,
): Promise<{ lineLists: string[] }> {
  await seedDatabase(db, config);
  const { created } = await seedDemoLineLists(db);
  await seedDemoCustomers(db);
  return { lineLists: created };
}
