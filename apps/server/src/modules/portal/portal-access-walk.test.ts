import { portalMessages, portalPermissionValues } from "@cm/contracts/portal";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintedAuthorization, signIn } from "../../../test/auth.ts";
import { openApiRoutes, type JsonSchema, type OpenApiRoute } from "../../../test/openapi-routes.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
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
 * Issue 34's access walk: a buyer of organization A holding every portal permission calls every
 * route under /api/portal/ of the OpenAPI document with organization B's ids (its store, line list
 * published and visible to its store, order, user) and gets 404 from each route that takes such an
 * id, never B's data; and 403 on the staff routes. The requests are built from each route's
 * declared parameters and body by field name, so routes added later are walked too.
 */

/** Every text of B's that must never reach A's buyer. */
const bravo = {
  organization: "Bravo Secret Boots",
  store: "Bravo Secret Store",
  lineList: "Bravo Secret Line",
  style: "Bravo Secret Clog",
  modelCode: "BRVSECRET-A",
  user: "Bravo Secret Person",
};

type IdKind = "store" | "lineList" | "order" | "user";

interface WalkIds {
  store: number;
  lineList: number;
  order: number;
  user: number;
  sku: string;
}

/** Which of B's ids a field carries, by its name (`id` by the path segment before it). */
function idKindOf(name: string, previousSegment?: string): IdKind | undefined {
  const byName: Record<string, IdKind> = {
    storeId: "store",
    storeIds: "store",
    lineListId: "lineList",
    lineListIds: "lineList",
    orderId: "order",
    orderIds: "order",
    userId: "user",
    userIds: "user",
  };
  if (byName[name]) return byName[name];
  if (name !== "id") return undefined;
  const bySegment: Record<string, IdKind> = {
    stores: "store",
    "line-lists": "lineList",
    orders: "order",
    users: "user",
  };
  return previousSegment === undefined ? undefined : bySegment[previousSegment];
}

/** A value the schema accepts, with B's ids in the fields that name them. */
function sample(schema: JsonSchema | undefined, ids: WalkIds, name: string, kinds: Set<IdKind>): unknown {
  if (!schema) return "x";
  const kind = idKindOf(name);
  const variant = schema.anyOf?.find((option) => option.type !== "null") ?? schema.oneOf?.[0];
  if (variant) return sample(variant, ids, name, kinds);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (kind && (type === "integer" || type === "number")) {
    kinds.add(kind);
    return ids[kind];
  }
  switch (type) {
    case "object": {
      const object: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        object[key] = sample(property, ids, key, kinds);
      }
      return object;
    }
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items, ids, name, kinds),
      );
    case "integer":
    case "number":
      if (name === "quantity") return 1;
      // A cart's first revision is 0: the write then reaches its rules rather than a 409.
      if (name === "revision") return schema.minimum ?? 1;
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case "boolean":
      return false;
    case "string":
      if (name === "sku") return ids.sku;
      if (schema.format === "email" || name === "email") return "walk-invitee@alpha.example";
      if (schema.format === "date-time") return new Date().toISOString();
      if (schema.format === "date") return "2999-12-31";
      return "x".repeat(Math.max(3, schema.minLength ?? 0));
    default:
      return "x";
  }
}

/** The request a route gets with B's ids, and which of them it carries. */
function requestFor(route: OpenApiRoute, ids: WalkIds): { options: InjectOptions; kinds: Set<IdKind> } {
  const kinds = new Set<IdKind>();
  const segments = route.path.split("/");
  const path = segments
    .map((segment, index) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      if (!param) return segment;
      const kind = idKindOf(param, segments[index - 1]);
      if (kind) kinds.add(kind);
      return String(kind ? ids[kind] : 1);
    })
    .join("/");
  const query = new URLSearchParams();
  for (const parameter of route.parameters.filter((p) => p.in === "query")) {
    const kind = idKindOf(parameter.name);
    if (kind) {
      kinds.add(kind);
      query.set(parameter.name, String(ids[kind]));
    } else if (parameter.required) {
      query.set(parameter.name, String(sample(parameter.schema, ids, parameter.name, kinds)));
    }
  }
  const jsonBody = route.body?.content["application/json"];
  const payload = jsonBody ? (sample(jsonBody, ids, "body", kinds) as object) : undefined;
  const search = query.size > 0 ? `?${query}` : "";
  return {
    options: { method: route.method, url: path + search, ...(payload === undefined ? {} : { payload }) },
    kinds,
  };
}

describe("the portal access walk: organization A's buyer with organization B's ids", () => {
  let testApp: TestApp;
  let buyerA: { authorization: string };
  let routes: OpenApiRoute[] = [];
  let ids: WalkIds;

  beforeAll(async () => {
    testApp = await createTestApp();
    const staff = await signIn(testApp);
    const { db } = testApp.database;
    const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    const [crocs] = await db.select().from(brands).where(eq(brands.name, "Crocs"));
    const [everything] = await db
      .insert(roles)
      .values({ name: "Walk Everything", type: "external", permissions: [...portalPermissionValues] })
      .returning();
    const [buyerRole] = await db.select().from(roles).where(eq(roles.name, "Buyer"));
    const [orgA, orgB] = await db
      .insert(organizations)
      .values([
        { name: "Alpha Walk Shoes", type: "external" },
        { name: bravo.organization, type: "external" },
      ])
      .returning();
    const logoUrl = "/store-logo-placeholder.svg";
    const [storeA, storeB] = await db
      .insert(stores)
      .values([
        { organizationId: orgA!.id, name: "Alpha Walk Store", logoUrl },
        { organizationId: orgB!.id, name: bravo.store, logoUrl },
      ])
      .returning();
    // B's store sees Crocs; A's sees no brand, so nothing of B's line list either.
    await db
      .insert(storeBrandSegmentations)
      .values({ storeId: storeB!.id, brandId: crocs!.id, position: 0, segmentation: "best" });
    const [userA, userB] = await db
      .insert(users)
      .values([
        {
          email: "walk-buyer@alpha.example",
          firstName: "Alma",
          lastName: "Alpha",
          type: "external",
          organizationId: orgA!.id,
          roleId: everything!.id,
        },
        {
          email: "walk-buyer@bravo.example",
          firstName: bravo.user,
          lastName: "B",
          type: "external",
          organizationId: orgB!.id,
          roleId: buyerRole!.id,
        },
      ])
      .returning();
    await db.insert(storeUsers).values([
      { storeId: storeA!.id, userId: userA!.id },
      { storeId: storeB!.id, userId: userB!.id },
    ]);
    const lineList = await createLineList(
      db,
      {
        brandId: crocs!.id,
        name: bravo.lineList,
        stage: "saved",
        type: "pre-book",
        deadline: "2999-12-31",
        products: [
          {
            modelCode: bravo.modelCode,
            silhouette: bravo.style,
            color: "Black",
            msrp: "50.00",
            sizes: [{ size: "M8", sku: `${bravo.modelCode}-M8` }],
          },
        ],
        catalogs: { crocs: [bravo.modelCode] },
        sortingCompleted: true,
        published: true,
      },
      admin!.id,
    );
    const order = await testApp.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: staff,
      payload: {
        storeId: storeB!.id,
        orderType: "pre-book",
        lines: [{ lineListId: lineList.id, sku: `${bravo.modelCode}-M8`, quantity: 2 }],
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    ids = {
      store: storeB!.id,
      lineList: lineList.id,
      order: (order.json().data as { id: number }).id,
      user: userB!.id,
      sku: `${bravo.modelCode}-M8`,
    };
    // B's buyer sees the line list: the walk's ids are live ones, not merely unknown.
    const bView = await testApp.app.inject({
      method: "GET",
      url: `/api/portal/catalogs?storeId=${storeB!.id}`,
      headers: await mintedAuthorization(testApp, userB!.id),
    });
    expect(bView.statusCode).toBe(200);
    expect(bView.body).toContain(bravo.lineList);
    buyerA = await mintedAuthorization(testApp, userA!.id);
    routes = await openApiRoutes(testApp.app);
  });
  afterAll(() => testApp?.close());

  /** B's texts in an answer, besides the SKU the request itself sent (echoed in a refusal). */
  const leaks = (body: string) => {
    const answer = body.replaceAll(ids.sku, "");
    return Object.values(bravo).filter((text) => answer.includes(text));
  };

  it("answers 404 on every portal route given one of B's ids, and never B's data", async () => {
    const portal = routes.filter((route) => route.path.startsWith("/api/portal/"));
    const wrong: string[] = [];
    const walked: string[] = [];
    const skipped: string[] = [];
    for (const route of portal) {
      const { options, kinds } = requestFor(route, ids);
      const response = await testApp.app.inject({ ...options, headers: buyerA });
      const leaked = leaks(response.body);
      if (leaked.length > 0)
        wrong.push(`${route.label} (${String(options.url)}): leaks ${leaked.join(", ")}`);
      if (kinds.size === 0) {
        skipped.push(route.label);
        continue;
      }
      walked.push(route.label);
      if (response.statusCode !== 404) {
        wrong.push(
          `${route.label} (${String(options.url)}): ${response.statusCode} ${response.body.slice(0, 160)}`,
        );
      }
    }
    console.info(
      `portal-access-walk: ${walked.length} routes given B's ids (${walked.join("; ")}); without an id, skipped: ${skipped.join("; ")}`,
    );
    expect(wrong).toEqual([]);
    expect(walked).toEqual(expect.arrayContaining(["POST /api/portal/users/{id}/deactivate"]));
  });

  it("answers 404 when only the line list, order or user in the path or query is B's (A's own store otherwise)", async () => {
    const [storeA] = await testApp.database.db
      .select()
      .from(stores)
      .where(eq(stores.name, "Alpha Walk Store"));
    const wrong: string[] = [];
    for (const route of routes.filter((candidate) => candidate.path.startsWith("/api/portal/"))) {
      const { options, kinds } = requestFor(route, { ...ids, store: storeA!.id });
      const response = await testApp.app.inject({ ...options, headers: buyerA });
      const leaked = leaks(response.body);
      if (leaked.length > 0) wrong.push(`${route.label}: leaks ${leaked.join(", ")}`);
      // Body-only ids (cart or order lines) may be refused line by line (400) or kept with their
      // problem; the path and query ids name a thing that must not be found.
      const inPathOrQuery =
        /\{(id|lineListId|orderId|userId)\}/.test(route.path) ||
        route.parameters.some(
          (p) => p.in === "query" && ["lineListId", "orderId", "userId"].includes(p.name),
        );
      if (inPathOrQuery && [...kinds].some((kind) => kind !== "store") && response.statusCode !== 404) {
        wrong.push(
          `${route.label} (${String(options.url)}): ${response.statusCode} ${response.body.slice(0, 160)}`,
        );
      }
    }
    // What the writes above kept of B's ids (a cart line, an order) shows nothing of B's when read back.
    for (const url of [`/api/portal/cart?storeId=${storeA!.id}`, "/api/portal/orders", "/api/portal/users"]) {
      const response = await testApp.app.inject({ method: "GET", url, headers: buyerA });
      const leaked = leaks(response.body);
      if (leaked.length > 0) wrong.push(`GET ${url} afterwards: leaks ${leaked.join(", ")}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers 403 on staff routes, B's ids or not (route-auth-walk.test.ts proves it on every one)", async () => {
    const staffOnly = JSON.stringify({ success: false, message: portalMessages.staffOnly, data: null });
    const sample = [
      { method: "GET", url: "/api/orders" },
      { method: "GET", url: `/api/orders/${ids.order}` },
      { method: "GET", url: `/api/stores/${ids.store}` },
      { method: "GET", url: `/api/line-lists/${ids.lineList}/order-form` },
      { method: "GET", url: `/api/users/${ids.user}` },
      { method: "GET", url: "/api/brands" },
    ] as const;
    for (const request of sample) {
      const response = await testApp.app.inject({ ...request, headers: buyerA });
      expect([request.url, response.statusCode, response.body]).toEqual([request.url, 403, staffOnly]);
    }
  });
});
