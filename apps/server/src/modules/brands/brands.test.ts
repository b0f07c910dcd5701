import { brandMessages } from "@cm/contracts/brands";
import { genericMessages } from "@cm/contracts/messages";
import { nameMessages } from "@cm/contracts/names";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf, historyRowCount } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { brands, lineLists, users } from "../../db/schema.ts";
import { createLineList } from "../line-lists/service.ts";

describe("brands API", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  let adminId: number;

  const api = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => testApp.app.inject({ method, url, payload, headers: { ...auth, ...headers } });
  const brandRow = async (id: number) => {
    const [row] = await testApp.database.db.select().from(brands).where(eq(brands.id, id));
    return row;
  };
  /** The brand's history, oldest first. */
  const historyFor = async (id: number) => (await historyOf(testApp, "brand", id)).reverse();
  const create = async (name: string, description?: string) => {
    const response = await api("POST", "/api/brands", { name, description });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; name: string; _revision: number };
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    const [admin] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, testApp.config.ADMIN_EMAIL));
    adminId = admin!.id;
    auth = await signIn(testApp);
  });
  afterAll(() => testApp?.close());

  it("needs a signed-in user", async () => {
    for (const [method, url] of [
      ["GET", "/api/brands"],
      ["POST", "/api/brands"],
      ["PUT", "/api/brands/1"],
      ["DELETE", "/api/brands/1"],
    ] as const) {
      const response = await testApp.app.inject({
        method,
        url,
        payload: method === "GET" || method === "DELETE" ? undefined : {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe("GET /api/brands", () => {
    it("lists every brand by name, ignoring letter case, in either direction", async () => {
      await create("adidas");
      const ascending = await api("GET", "/api/brands?orderDir=asc");
      expect(ascending.statusCode).toBe(200);
      const body = ascending.json();
      expect(body).toMatchObject({ success: true, message: "OK" });
      const names = (body.data as { name: string }[]).map((brand) => brand.name);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(names).toEqual(expect.arrayContaining(["adidas", "Crocs", "Hey Dude", "Pandora", "Skechers"]));
      expect(names[0]).toBe("adidas");
      expect(body.data[0]).toEqual({
        id: expect.any(Number),
        name: "adidas",
        description: null,
        categoryId: 1,
        status: "active",
        wholesaleFactor: 0.5,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        _revision: 1,
      });

      const descending = (await api("GET", "/api/brands?orderDir=desc")).json().data as { name: string }[];
      expect(descending.map((brand) => brand.name)).toEqual([...names].reverse());
      // Ascending is the default.
      expect(
        ((await api("GET", "/api/brands")).json().data as { name: string }[]).map((b) => b.name),
      ).toEqual(names);
    });

    it("refuses an unknown order as wrong input", async () => {
      const response = await api("GET", "/api/brands?orderDir=sideways");
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        message: genericMessages.wrongInput,
        data: { orderDir: expect.any(Array) },
      });
    });
  });

  describe("POST /api/brands", () => {
    it("creates an active brand of category 1 with the trimmed name, and records it in the history", async () => {
      const response = await api("POST", "/api/brands", {
        name: "  Birkenstock  ",
        description: "  Sandals ",
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        success: true,
        message: brandMessages.created,
        nextExpectedStreamVersion: 1,
        createdNewStream: true,
        data: {
          name: "Birkenstock",
          description: "Sandals",
          categoryId: 1,
          status: "active",
          wholesaleFactor: 0.5,
          _revision: 1,
        },
      });
      expect(await brandRow(body.data.id)).toMatchObject({
        name: "Birkenstock",
        description: "Sandals",
        status: "active",
        wholesaleFactor: "0.50",
      });
      expect(await historyFor(body.data.id)).toEqual([
        {
          id: expect.any(Number),
          at: expect.any(String),
          actor: { id: adminId, name: "Admin User" },
          entityType: "brand",
          entityId: body.data.id,
          entityLabel: "Birkenstock",
          action: "create",
          changes: [
            { field: "name", before: null, after: "Birkenstock" },
            { field: "description", before: null, after: "Sandals" },
            { field: "categoryId", before: null, after: 1 },
            { field: "status", before: null, after: "active" },
            { field: "wholesaleFactor", before: null, after: 0.5 },
          ],
          summary: null,
        },
      ]);
    });

    it.each([
      { what: "a zero-width space", name: "Crocs\u200B" },
      { what: "a right-to-left override", name: "Evil\u202Egpj.exe" },
      { what: "a byte order mark inside", name: "Hey\uFEFFDude" },
    ])("refuses a name with $what with a field error and stores nothing", async ({ name }) => {
      const before = await testApp.database.db.$count(brands);
      const response = await api("POST", "/api/brands", { name });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: genericMessages.wrongInput,
        data: { name: [nameMessages.invisibleCharacters] },
      });
      expect(await testApp.database.db.$count(brands)).toBe(before);
    });

    it("stores a name in Unicode NFC, and compares names in that form, case-folded", async () => {
      const decomposed = "Cafe\u0301 Shoes";
      const created = await create(decomposed);
      expect(created.name).toBe("Caf\u00E9 Shoes");
      expect((await brandRow(created.id))!.name).toBe("Caf\u00E9 Shoes");
      for (const twin of ["CAF\u00C9 SHOES", " caf\u00E9 shoes ", "CAFE\u0301 SHOES"]) {
        const response = await api("POST", "/api/brands", { name: twin });
        expect(response.statusCode, twin).toBe(409);
        expect(response.json().message).toBe(brandMessages.alreadyExists);
      }
    });

    it("stores a blank or missing description as none", async () => {
      for (const [name, description] of [
        ["Blank Description", "   "],
        ["Null Description", null],
        ["No Description", undefined],
      ] as const) {
        const response = await api("POST", "/api/brands", { name, description });
        expect(response.statusCode, name).toBe(201);
        expect(response.json().data.description, name).toBeNull();
      }
    });

    it("requires a name of at most 100 characters", async () => {
      for (const body of [{}, { name: "" }, { name: "    " }, { name: 42 }]) {
        const response = await api("POST", "/api/brands", body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          message: genericMessages.wrongInput,
          data: { name: [brandMessages.nameRequired] },
        });
      }
      const tooLong = await api("POST", "/api/brands", { name: "x".repeat(101) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().data).toEqual({ name: [brandMessages.nameTooLong] });
      expect((await api("POST", "/api/brands", { name: "y".repeat(100) })).statusCode).toBe(201);
    });

    it("gives a brand the wholesale factor 0.5 unless told otherwise", async () => {
      const byDefault = await api("POST", "/api/brands", { name: "Default Factor" });
      expect(byDefault.statusCode).toBe(201);
      expect(byDefault.json().data.wholesaleFactor).toBe(0.5);

      const chosen = await api("POST", "/api/brands", { name: "Chosen Factor", wholesaleFactor: 0.35 });
      expect(chosen.statusCode).toBe(201);
      expect(chosen.json().data.wholesaleFactor).toBe(0.35);
      expect(await brandRow(chosen.json().data.id)).toMatchObject({ wholesaleFactor: "0.35" });
      expect(await historyFor(chosen.json().data.id)).toEqual([
        expect.objectContaining({
          action: "create",
          changes: expect.arrayContaining([{ field: "wholesaleFactor", before: null, after: 0.35 }]),
        }),
      ]);
      const listed = (await api("GET", "/api/brands")).json().data as { name: string }[];
      expect(listed).toContainEqual(
        expect.objectContaining({ name: "Chosen Factor", wholesaleFactor: 0.35 }),
      );

      // Both ends of the range are allowed, and so is a factor binary floating point cannot hold exactly.
      for (const [name, wholesaleFactor] of [
        ["Lowest Factor", 0.01],
        ["Highest Factor", 1],
        ["Inexact Factor", 0.57],
      ] as const) {
        const response = await api("POST", "/api/brands", { name, wholesaleFactor });
        expect(response.statusCode, name).toBe(201);
        expect(response.json().data.wholesaleFactor, name).toBe(wholesaleFactor);
      }
    });

    it("refuses a wholesale factor outside 0.01 to 1 or with more than two decimals, and creates nothing", async () => {
      const before = await testApp.database.db.$count(brands);
      for (const [wholesaleFactor, message] of [
        [0, brandMessages.wholesaleFactorRange],
        [1.01, brandMessages.wholesaleFactorRange],
        [-0.5, brandMessages.wholesaleFactorRange],
        [0.555, brandMessages.wholesaleFactorDecimals],
        ["0.5", brandMessages.wholesaleFactorRange],
        [null, brandMessages.wholesaleFactorRange],
      ] as const) {
        const response = await api("POST", "/api/brands", { name: "Bad Factor", wholesaleFactor });
        expect(response.statusCode, String(wholesaleFactor)).toBe(400);
        expect(response.json(), String(wholesaleFactor)).toEqual({
          success: false,
          message: genericMessages.wrongInput,
          data: { wholesaleFactor: [message] },
        });
      }
      expect(await testApp.database.db.$count(brands)).toBe(before);
    });

    it("only knows category 1", async () => {
      expect((await api("POST", "/api/brands", { name: "Category Two", categoryId: 2 })).statusCode).toBe(
        400,
      );
      expect((await api("POST", "/api/brands", { name: "Category One", categoryId: 1 })).statusCode).toBe(
        201,
      );
    });

    it("answers 409 for a name that exists in any letter case, and creates nothing", async () => {
      const before = await testApp.database.db.$count(brands);
      for (const name of ["Crocs", "crocs", "  CROCS  ", "cRoCs"]) {
        const response = await api("POST", "/api/brands", { name });
        expect(response.statusCode, name).toBe(409);
        expect(response.json()).toEqual({ success: false, message: brandMessages.alreadyExists, data: null });
      }
      expect(await testApp.database.db.$count(brands)).toBe(before);
    });

    it("lets only one of two simultaneous creations of a name win", async () => {
      const statuses = await Promise.all(
        ["Racing Brand", "RACING BRAND"].map(
          async (name) => (await api("POST", "/api/brands", { name })).statusCode,
        ),
      );
      expect(statuses.sort()).toEqual([201, 409]);
    });
  });

  describe("PUT /api/brands/{brandId}", () => {
    it("replaces name and description, bumps the revision and records the changed fields before and after", async () => {
      const brand = await create("Teva", "Sport sandals");
      const response = await api("PUT", `/api/brands/${brand.id}`, {
        name: " Teva Outdoor ",
        description: "",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: brandMessages.updated,
        nextExpectedStreamVersion: 2,
        createdNewStream: false,
        data: { id: brand.id, name: "Teva Outdoor", description: null, wholesaleFactor: 0.5, _revision: 2 },
      });
      const events = await historyFor(brand.id);
      expect(events.map((event) => event.action)).toEqual(["create", "update"]);
      expect(events.at(-1)).toMatchObject({
        actor: { id: adminId },
        action: "update",
        entityLabel: "Teva Outdoor",
        changes: [
          { field: "name", before: "Teva", after: "Teva Outdoor" },
          { field: "description", before: "Sport sandals", after: null },
        ],
      });
    });

    it("changes the wholesale factor, records it, and keeps it when a client does not send it", async () => {
      const brand = await create("Factor Shoes");
      const changed = await api("PUT", `/api/brands/${brand.id}`, {
        name: "Factor Shoes",
        wholesaleFactor: 0.35,
        expectedRevision: 1,
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({ wholesaleFactor: 0.35, _revision: 2 });
      expect((await historyFor(brand.id)).at(-1)).toMatchObject({
        action: "update",
        changes: [{ field: "wholesaleFactor", before: 0.5, after: 0.35 }],
      });

      const renamed = await api("PUT", `/api/brands/${brand.id}`, { name: "Factor Footwear" });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().data).toMatchObject({ name: "Factor Footwear", wholesaleFactor: 0.35 });
      expect(await brandRow(brand.id)).toMatchObject({ wholesaleFactor: "0.35", revision: 3 });
    });

    it("refuses a wholesale factor outside 0.01 to 1 or with more than two decimals, and changes nothing", async () => {
      const brand = await create("Steady Factor");
      for (const [wholesaleFactor, message] of [
        [0, brandMessages.wholesaleFactorRange],
        [1.01, brandMessages.wholesaleFactorRange],
        [0.555, brandMessages.wholesaleFactorDecimals],
      ] as const) {
        const response = await api("PUT", `/api/brands/${brand.id}`, { name: "Changed", wholesaleFactor });
        expect(response.statusCode, String(wholesaleFactor)).toBe(400);
        expect(response.json().data, String(wholesaleFactor)).toEqual({ wholesaleFactor: [message] });
      }
      expect(await brandRow(brand.id)).toMatchObject({
        name: "Steady Factor",
        wholesaleFactor: "0.50",
        revision: 1,
      });
    });

    it("lets a brand change the letter case of its own name but not take another's", async () => {
      const brand = await create("Keen");
      const recased = await api("PUT", `/api/brands/${brand.id}`, { name: "KEEN" });
      expect(recased.statusCode).toBe(200);
      expect(recased.json().data.name).toBe("KEEN");

      // Refused on the locked row, after the revision check: the transaction leaves no entry.
      const entries = await historyRowCount(testApp);
      const taken = await api("PUT", `/api/brands/${brand.id}`, { name: "pandora" });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(brandMessages.alreadyExists);
      expect((await brandRow(brand.id))!.name).toBe("KEEN");
      expect(await historyRowCount(testApp)).toBe(entries);
    });

    it("validates the name as on creation", async () => {
      const brand = await create("Merrell");
      const entries = await historyRowCount(testApp);
      const blank = await api("PUT", `/api/brands/${brand.id}`, { name: " " });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().data).toEqual({ name: [brandMessages.nameRequired] });
      const tooLong = await api("PUT", `/api/brands/${brand.id}`, { name: "z".repeat(101) });
      expect(tooLong.json().data).toEqual({ name: [brandMessages.nameTooLong] });
      expect(await historyRowCount(testApp)).toBe(entries);
    });

    it("answers 404 for a brand that does not exist", async () => {
      const response = await api("PUT", "/api/brands/987654", { name: "Ghost" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: brandMessages.notFound, data: null });
      expect((await api("PUT", "/api/brands/abc", { name: "Ghost" })).statusCode).toBe(400);
    });

    it("honours If-Match and expectedRevision: a stale revision changes nothing", async () => {
      const brand = await create("Vans");
      const current = await api(
        "PUT",
        `/api/brands/${brand.id}`,
        { name: "Vans Classic" },
        { "if-match": '"1"' },
      );
      expect(current.statusCode).toBe(200);
      const entries = await historyRowCount(testApp);

      const staleHeader = await api(
        "PUT",
        `/api/brands/${brand.id}`,
        { name: "Vans Lost" },
        { "if-match": '"1"' },
      );
      expect(staleHeader.statusCode).toBe(409);
      expect(staleHeader.json().message).toBe(genericMessages.staleRevision);
      const staleBody = await api("PUT", `/api/brands/${brand.id}`, {
        name: "Vans Lost",
        expectedRevision: 1,
      });
      expect(staleBody.statusCode).toBe(409);
      expect(await brandRow(brand.id)).toMatchObject({ name: "Vans Classic", revision: 2 });
      expect(await historyRowCount(testApp)).toBe(entries);

      const fresh = await api("PUT", `/api/brands/${brand.id}`, {
        name: "Vans Off The Wall",
        expectedRevision: 2,
      });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().nextExpectedStreamVersion).toBe(3);
    });
  });

  describe("DELETE /api/brands/{brandId}", () => {
    it("deletes a brand without line lists and records it under the name it had", async () => {
      const brand = await create("Short Lived");
      const response = await api("DELETE", `/api/brands/${brand.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: brandMessages.deleted,
        data: { id: brand.id, name: "Short Lived" },
      });
      expect(await brandRow(brand.id)).toBeUndefined();
      expect((await historyFor(brand.id)).at(-1)).toMatchObject({
        action: "delete",
        actor: { id: adminId },
        entityLabel: "Short Lived",
        changes: expect.arrayContaining([{ field: "name", before: "Short Lived", after: null }]),
      });
      expect((await api("GET", "/api/brands")).json().data).not.toContainEqual(
        expect.objectContaining({ id: brand.id }),
      );
    });

    it("answers 404 for a brand that does not exist", async () => {
      const response = await api("DELETE", "/api/brands/987654");
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(brandMessages.notFound);
    });

    it("refuses to delete a brand with line lists, saved or in preview, and deletes nothing", async () => {
      const { db } = testApp.database;
      for (const stage of ["saved", "preview"] as const) {
        const brand = await create(`Has Line Lists ${stage}`);
        const lineList = await createLineList(
          db,
          {
            brandId: brand.id,
            name: "Spring 2027",
            stage,
            products:
              stage === "saved"
                ? [{ modelCode: "10001-001", sizes: [{ size: "M4/W6", sku: `SKU-${stage}` }] }]
                : [],
          },
          adminId,
        );
        const response = await api("DELETE", `/api/brands/${brand.id}`);
        expect(response.statusCode, stage).toBe(409);
        expect(response.json()).toEqual({ success: false, message: brandMessages.hasLineLists, data: null });
        expect(await brandRow(brand.id), stage).toBeDefined();
        expect(await db.$count(lineLists, eq(lineLists.id, lineList.id))).toBe(1);
        expect((await historyFor(brand.id)).map((event) => event.action)).not.toContain("delete");
      }
    });

    it("honours If-Match", async () => {
      const brand = await create("Guarded");
      await api("PUT", `/api/brands/${brand.id}`, { name: "Guarded Renamed" });
      const stale = await api("DELETE", `/api/brands/${brand.id}`, undefined, { "if-match": '"1"' });
      expect(stale.statusCode).toBe(409);
      expect(await brandRow(brand.id)).toBeDefined();
      const fresh = await api("DELETE", `/api/brands/${brand.id}`, undefined, { "if-match": '"2"' });
      expect(fresh.statusCode).toBe(200);
      expect(await brandRow(brand.id)).toBeUndefined();
    });
  });
});
