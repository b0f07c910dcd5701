import type { Cart } from "@cm/contracts/portal-orders";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { signIn } from "../../../test/auth.ts";
import type { TestApp } from "../../../test/test-app.ts";
import {
  brands,
  organizations,
  roles,
  storeBrandSegmentations,
  storeUsers,
  stores,
  users,
} from "../../db/schema.ts";
import { createLineList } from "../line-lists/service.ts";

/**
 * What the portal ordering tests share: customers with stores focused on Crocs, buyers signed in
 * through the real flow, and published line lists made through the domain service (styles A and B
 * sit in catalogs, C in none), so the visibility rule and the order rules run as in production.
 */

type Auth = { authorization: string };
type Segmentation = "good" | "better" | "best";

export interface OrderKit {
  staff: Auth;
  adminId: number;
  crocsId: number;
  buyerRoleId: number;
  viewerRoleId: number;
  api(
    method: "GET" | "POST" | "PUT",
    url: string,
    auth: Auth,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  customer(name: string): Promise<number>;
  store(organizationId: number, name: string, segmentation?: Segmentation): Promise<number>;
  /** A customer user linked to `storeIds`, signed in; Buyer unless `roleId` says otherwise. */
  user(
    email: string,
    organizationId: number,
    storeIds: number[],
    roleId?: number,
  ): Promise<{ id: number; auth: Auth }>;
  lineList(
    name: string,
    options?: { type?: "own-stock" | "pre-book"; deadline?: string; published?: boolean },
  ): Promise<number>;
  cart(auth: Auth, storeId: number): Promise<Cart>;
  putCart(
    auth: Auth,
    storeId: number,
    revision: number,
    lines: { lineListId: number; sku: string; quantity: number }[],
  ): Promise<LightMyRequestResponse>;
}

export async function createOrderKit(testApp: TestApp): Promise<OrderKit> {
  const { db } = testApp.database;
  const staff = await signIn(testApp);
  const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
  const [crocs] = await db.select().from(brands).where(eq(brands.name, "Crocs"));
  const external = await db.select().from(roles).where(eq(roles.type, "external"));
  const kit: OrderKit = {
    staff,
    adminId: admin!.id,
    crocsId: crocs!.id,
    buyerRoleId: external.find((role) => role.name === "Buyer")!.id,
    viewerRoleId: external.find((role) => role.name === "Store Viewer")!.id,
    api: (method, url, auth, body) =>
      testApp.app.inject({
        method,
        url,
        headers: auth,
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    async customer(name) {
      const [organization] = await db.insert(organizations).values({ name, type: "external" }).returning();
      return organization!.id;
    },
    async store(organizationId, name, segmentation = "best") {
      const [store] = await db
        .insert(stores)
        .values({ organizationId, name, logoUrl: "/store-logo-placeholder.svg" })
        .returning();
      await db
        .insert(storeBrandSegmentations)
        .values({ storeId: store!.id, brandId: kit.crocsId, position: 0, segmentation });
      return store!.id;
    },
    async user(email, organizationId, storeIds, roleId = kit.buyerRoleId) {
      const [user] = await db
        .insert(users)
        .values({ email, firstName: "Bea", lastName: "Buyer", type: "external", organizationId, roleId })
        .returning();
      if (storeIds.length > 0)
        await db.insert(storeUsers).values(storeIds.map((storeId) => ({ storeId, userId: user!.id })));
      return { id: user!.id, auth: await signIn(testApp, email, { fresh: true }) };
    },
    async lineList(name, options = {}) {
      const created = await createLineList(
        db,
        {
          brandId: kit.crocsId,
          name,
          stage: "saved",
          type: options.type ?? "own-stock",
          deadline: options.deadline,
          products: ["A", "B", "C"].map((style) => ({
            modelCode: `${name}-${style}`,
            silhouette: `${name} ${style}`,
            color: "Black",
            msrp: "59.99",
            sizes: [
              { size: "M8", sku: `${name}-${style}-8` },
              { size: "M10", sku: `${name}-${style}-10` },
            ],
          })),
          catalogs: { crocs: [`${name}-A`], athletic: [`${name}-B`] },
          sortingCompleted: true,
          published: options.published ?? true,
        },
        kit.adminId,
      );
      return created.id;
    },
    async cart(auth, storeId) {
      const response = await kit.api("GET", `/api/portal/cart?storeId=${storeId}`, auth);
      if (response.statusCode !== 200) throw new Error(`GET cart: ${response.statusCode} ${response.body}`);
      return (response.json() as { data: Cart }).data;
    },
    putCart: (auth, storeId, revision, lines) =>
      kit.api("PUT", "/api/portal/cart", auth, { storeId, revision, lines }),
  };
  return kit;
}
