import type { CatalogType } from "@cm/contracts/catalogs";
import type { Segmentation } from "@cm/contracts/stores";
import type { LineListType } from "@cm/contracts/line-lists";
import { and, eq, sql } from "drizzle-orm";
import { mintedAuthorization, signIn } from "../../../test/auth.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { rowsOf } from "../../db/client.ts";
import {
  brands,
  organizations,
  roles,
  storeBrandSegmentations,
  storeUsers,
  stores,
  users,
} from "../../db/schema.ts";
import type { ProductInput } from "../products/repository.ts";
import { createLineList } from "../line-lists/service.ts";

type Auth = { authorization: string };

/**
 * Test data for the portal's catalog reads (catalogs.test.ts, portal-catalogs-*.test.ts): customers,
 * stores with their brand focus, buyers, and saved line lists published through the real route.
 */
export async function portalCatalogsFixture(testApp: TestApp) {
  const { db } = testApp.database;
  const staff = await signIn(testApp);
  const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
  const brandId = async (name: string) =>
    (await db.select().from(brands).where(eq(brands.name, name)))[0]!.id;
  const crocsId = await brandId("Crocs");
  const skechersId = await brandId("Skechers");
  await db.update(brands).set({ wholesaleFactor: "0.50" }).where(eq(brands.id, crocsId));
  const [buyerRole] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.name, "Buyer"), eq(roles.type, "external")));

  const api = (method: "GET" | "POST", url: string, headers: Auth, payload?: object) =>
    testApp.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function organization(
    name: string,
    values: {
      discounts?: { brandId: number; percentage: number }[];
      status?: "active" | "inactive";
      type?: "external" | "internal";
    } = {},
  ) {
    const [row] = await db
      .insert(organizations)
      .values({
        name,
        type: values.type ?? "external",
        status: values.status ?? "active",
        discounts: values.discounts ?? [],
      })
      .returning();
    return row!.id;
  }

  async function store(
    organizationId: number,
    name: string,
    focus: [number, Segmentation][],
    status: "active" | "inactive" = "active",
  ) {
    const [row] = await db
      .insert(stores)
      .values({ organizationId, name, logoUrl: "/store-logo-placeholder.svg", status })
      .returning();
    if (focus.length > 0)
      await db.insert(storeBrandSegmentations).values(
        focus.map(([brand, segmentation], position) => ({
          storeId: row!.id,
          brandId: brand,
          segmentation,
          position,
        })),
      );
    return row!.id;
  }

  /** A customer user holding Buyer (or `roleId`), linked to these stores, with a token. */
  async function buyer(email: string, organizationId: number, storeIds: number[], roleId = buyerRole!.id) {
    const [user] = await db
      .insert(users)
      .values({
        email,
        firstName: "Bea",
        lastName: "Buyer",
        type: "external",
        organizationId,
        roleId,
      })
      .returning();
    await db.insert(storeUsers).values(storeIds.map((storeId) => ({ storeId, userId: user!.id })));
    return { id: user!.id, auth: await mintedAuthorization(testApp, user!.id) };
  }

  /** A saved, unpublished line list. */
  async function lineList(
    name: string,
    products: ProductInput[],
    catalogs: Partial<Record<CatalogType, string[]>>,
    options: { brandId?: number; type?: LineListType } = {},
  ) {
    const created = await createLineList(
      db,
      {
        brandId: options.brandId ?? crocsId,
        name,
        stage: "saved",
        type: options.type ?? "own-stock",
        deadline: options.type === "pre-book" ? "2999-12-31" : undefined,
        products,
        catalogs,
        sortingCompleted: true,
      },
      admin!.id,
    );
    return created.id;
  }

  /** `POST /api/crocs/catalogs/publish` as staff: now, or at `publishAt`, with these audiences. */
  async function publish(
    lineListId: number,
    body: { audiences?: Partial<Record<CatalogType, Segmentation[]>>; publishAt?: string } = {},
  ) {
    const [{ revision }] = rowsOf<{ revision: number }>(
      await db.execute(sql`select revision from line_lists where id = ${lineListId}`),
    ) as [{ revision: number }];
    const response = await api("POST", "/api/crocs/catalogs/publish", staff, {
      lineListId,
      expectedRevision: revision,
      ...body,
    });
    if (response.statusCode !== 200) throw new Error(`publish ${lineListId}: ${response.body}`);
  }

  return { staff, crocsId, skechersId, api, organization, store, buyer, lineList, publish };
}

/** A product of `codes`' style: sizes as given, in that order. */
export function style(modelCode: string, values: Partial<ProductInput> = {}): ProductInput {
  return {
    modelCode,
    silhouette: `${modelCode} Clog`,
    color: "Black",
    gender: "Unisex",
    msrp: "10.00",
    imageUrls: [`https://img.example/${modelCode}-1.jpg`, `https://img.example/${modelCode}-2.jpg`],
    sizes: [
      { size: "M8", sku: `${modelCode}-8` },
      { size: "M9", sku: `${modelCode}-9` },
    ],
    ...values,
  };
}
