import { readFile } from "node:fs/promises";
import path from "node:path";
import { genericMessages } from "@cm/contracts/messages";
import type { Order, OrderOffer } from "@cm/contracts/orders";
import { orderFormLayout } from "@cm/contracts/order-forms";
import { sizeStepLabel } from "@cm/contracts/size-scales";
import { sizeScaleMessages, type SizeScaleList, type SizeScaleView } from "@cm/contracts/size-scales-api";
import type { PopulatedCatalogs } from "@cm/contracts/catalog-segmentation";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { migrationsFolder, rowsOf } from "../../db/client.ts";
import { brands, organizations, stores, users } from "../../db/schema.ts";
import { loadSheetJs } from "../file-processing/sheetjs.ts";
import { createLineList, createLineListInTransaction } from "../line-lists/service.ts";
import { readOrderForm } from "../order-forms/form-reader.ts";
import { sizeScaleRoutes } from "./routes.ts";
import { placeNewSizeLabels, recordSizesInScale } from "./service.ts";

type Method = "GET" | "POST" | "PUT";

describe("size scales", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  let adminId: number;
  let storeId: number;
  let brandCount = 0;

  const db = () => testApp.database.db;
  const api = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method, url, payload, headers: { ...auth, ...headers } });

  async function newBrand(): Promise<number> {
    brandCount += 1;
    const [brand] = await db()
      .insert(brands)
      .values({ name: `Scale Brand ${brandCount}` })
      .returning();
    return brand!.id;
  }

  /** A saved, published line list whose styles all sit in a catalog; sizes as given, in that order. */
  async function newLineList(
    brandId: number,
    name: string,
    styles: Record<string, string[]>,
  ): Promise<number> {
    const codes = Object.keys(styles);
    const created = await createLineList(
      db(),
      {
        brandId,
        name,
        stage: "saved",
        products: codes.map((code) => ({
          modelCode: code,
          silhouette: `${code} clog`,
          color: "Black",
          msrp: "50.00",
          sizes: styles[code]!.map((size) => ({ size, sku: `${code}-${size}` })),
        })),
        catalogs: { crocs: codes },
        sortingCompleted: true,
        published: true,
      },
      adminId,
    );
    return created.id;
  }

  async function cardSizes(lineListId: number): Promise<Record<string, string[]>> {
    const response = await api("GET", `/api/crocs/catalogs/populated/${lineListId}`);
    expect(response.statusCode, response.body).toBe(200);
    const data = (response.json() as { data: PopulatedCatalogs }).data;
    return Object.fromEntries(
      data.catalogs.flatMap((catalog) => catalog.items.map((item) => [item.model_code, item.sizes])),
    );
  }

  async function scales(brandId: number): Promise<SizeScaleList> {
    const response = await api("GET", `/api/brands/${brandId}/size-scales`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: SizeScaleList }).data;
  }
  const stepsOf = (scale: SizeScaleView) => scale.steps.map((step) => sizeStepLabel(step, scale.systems));

  beforeAll(async () => {
    testApp = await createTestApp();
    // Until app.ts registers the module, the test does (a test may add routes before the first inject).
    if (!testApp.app.hasRoute({ method: "GET", url: "/api/brands/:brandId/size-scales" })) {
      await testApp.app.register(sizeScaleRoutes);
    }
    auth = await signIn(testApp);
    const [admin] = await db().select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    adminId = admin!.id;
    const [organization] = await db()
      .insert(organizations)
      .values({ name: "Scale Shoes", type: "external", status: "active" })
      .returning();
    const [store] = await db()
      .insert(stores)
      .values({
        organizationId: organization!.id,
        name: "Scale Shoes Main",
        logoUrl: "/store-logo-placeholder.svg",
      })
      .returning();
    storeId = store!.id;
  });
  afterAll(() => testApp?.close());

  it("builds a brand's scale from the labels its products use, in scale order, and loses no SKU", async () => {
    const brandId = await newBrand();
    const lineListId = await newLineList(brandId, "Crocs-like", {
      K1: ["J2", "C10", "C9", "J1"],
      U1: ["M10/W12", "M4/W6", "M9/W11", "M5/W7"],
      W1: ["W10", "W8"],
    });
    const countSkus = async () =>
      rowsOf<{ n: number }>(
        await db().execute(sql`
          select count(*)::int as n from product_sizes ps join products p on p.id = ps.product_id
          where p.brand_id = ${brandId}`),
      )[0]!.n;
    expect(await countSkus()).toBe(10);

    // Writing the line list placed its labels at once.
    expect((await scales(brandId)).unplaced).toEqual([]);
    expect((await cardSizes(lineListId)).U1).toEqual(["M4/W6", "M5/W7", "M9/W11", "M10/W12"]);

    // As a database from before migration 0021: no scale, no label placed.
    await db().execute(sql`delete from size_scale_labels where brand_id = ${brandId}`);
    await db().execute(sql`delete from size_scales where brand_id = ${brandId}`);
    // Migration 0021's backfill lists the labels: the line list's own order until the start places them.
    const migration = await readFile(path.join(migrationsFolder, "0021_size_scales.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint").at(-1)!;
    await db().execute(sql.raw(`${backfill.trim().replace(/;$/, "")} ON CONFLICT DO NOTHING`));
    expect((await scales(brandId)).unplaced).toHaveLength(10);
    expect((await cardSizes(lineListId)).U1).toEqual(["M10/W12", "M4/W6", "M9/W11", "M5/W7"]);
    await placeNewSizeLabels(db());

    const list = await scales(brandId);
    expect(list.unplaced).toEqual([]);
    expect(list.scales).toHaveLength(1);
    const [scale] = list.scales;
    expect(scale!.name).toBe("Scale Brand 1 sizes");
    expect(stepsOf(scale!)).toEqual([
      "C9",
      "C10",
      "J1",
      "J2",
      "M4/W6",
      "M5/W7",
      "M9/W11",
      "M10/W12",
      "W8",
      "W10",
    ]);
    expect(scale!.systems).toEqual(["us-women", "us-unisex", "us-child", "us-youth"]);
    expect(scale!.labels.map((label) => label.label)).toEqual(stepsOf(scale!));

    // Every product size is placed, every SKU still there.
    expect(await countSkus()).toBe(10);
    const unlinked = rowsOf<{ n: number }>(
      await db().execute(sql`
        select count(*)::int as n from product_sizes ps join products p on p.id = ps.product_id
        left join size_scale_labels l on l.brand_id = p.brand_id and l.label = ps.size
        where p.brand_id = ${brandId} and l.scale_id is null`),
    )[0]!.n;
    expect(unlinked).toBe(0);

    expect(await cardSizes(lineListId)).toEqual({
      K1: ["C9", "C10", "J1", "J2"],
      U1: ["M4/W6", "M5/W7", "M9/W11", "M10/W12"],
      W1: ["W8", "W10"],
    });
  });

  it("adds a new size where it belongs in the save's transaction, and every screen follows the scale", async () => {
    const brandId = await newBrand();
    const first = await newLineList(brandId, "Numbers", { N1: ["10", "9.5", "8"] });
    await placeNewSizeLabels(db());
    expect((await cardSizes(first)).N1).toEqual(["8", "9.5", "10"]);

    // A later line list brings 8.5 and 11: the save places them (recordSizesInScale in its transaction).
    const second = await db().transaction(async (tx) => {
      const created = await createLineListInTransaction(
        tx,
        {
          brandId,
          name: "Numbers 2",
          stage: "saved",
          products: [
            {
              modelCode: "N2",
              msrp: "50.00",
              sizes: ["11", "8.5", "10", "8"].map((size) => ({ size, sku: `N2-${size}` })),
            },
            { modelCode: "N3", msrp: "50.00", sizes: [{ size: "9.5", sku: "N3-9.5" }] },
          ],
          catalogs: { crocs: ["N2", "N3"] },
          sortingCompleted: true,
          published: true,
        },
        adminId,
      );
      await recordSizesInScale(tx, brandId);
      return created.id;
    });
    expect((await scales(brandId)).scales[0]!.steps.map((step) => sizeStepLabel(step))).toEqual([
      "8",
      "8.5",
      "9.5",
      "10",
      "11",
    ]);
    expect(await cardSizes(second)).toEqual({ N2: ["8", "8.5", "10", "11"], N3: ["9.5"] });

    // The New Order offer lists each style's sizes in scale order.
    const offer = await api("GET", `/api/orders/offer?storeId=${storeId}&lineListId=${second}`);
    expect(offer.statusCode, offer.body).toBe(200);
    const styles = (offer.json() as { data: OrderOffer }).data.lineLists[0]!.styles;
    expect(styles.map((style) => [style.modelCode, style.sizes.map((size) => size.size)])).toEqual([
      ["N2", ["8", "8.5", "10", "11"]],
      ["N3", ["9.5"]],
    ]);

    // The order detail lists each style's lines in scale order, whatever order they were entered in.
    const created = await api("POST", "/api/orders", {
      storeId,
      orderType: "open-stock",
      lines: ["N2-11", "N3-9.5", "N2-8", "N2-10", "N2-8.5"].map((sku) => ({
        lineListId: second,
        sku,
        quantity: 1,
      })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = (created.json() as { data: Order }).data.id;
    const order = (await api("GET", `/api/orders/${orderId}`)).json() as { data: Order };
    expect(order.data.lines.map((line) => line.sku)).toEqual(["N2-8", "N2-8.5", "N2-10", "N2-11", "N3-9.5"]);

    // The order form has one column per size, in scale order.
    const form = await api("GET", `/api/line-lists/${second}/order-form`);
    expect(form.statusCode, form.body).toBe(200);
    const XLSX = await loadSheetJs();
    const sheet = XLSX.read(form.rawPayload, { type: "buffer" }).Sheets[orderFormLayout.sheetName]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: null });
    const header = rows.find((row) => row[0] === "Model Code");
    expect(header).toEqual(["Model Code", "Name", "Color", "MSRP", "WHS", "8", "8.5", "9.5", "10", "11"]);
  });

  it("writes an order form with one column per step and a row per width, and reads it back", async () => {
    const brandId = await newBrand();
    const lineListId = await newLineList(brandId, "Widths", {
      S1: ["9 W", "8", "9", "8 W", "8 XW"],
      S2: ["10", "8.5"],
    });
    await placeNewSizeLabels(db());
    const [scale] = (await scales(brandId)).scales;
    expect(stepsOf(scale!)).toEqual(["8", "8.5", "9", "10"]);
    expect(scale!.widths).toEqual(["W", "XW"]);
    expect((await cardSizes(lineListId)).S1).toEqual(["8", "8 W", "8 XW", "9", "9 W"]);

    const response = await api("GET", `/api/line-lists/${lineListId}/order-form`);
    expect(response.statusCode, response.body).toBe(200);
    const XLSX = await loadSheetJs();
    const workbook = XLSX.read(response.rawPayload, { type: "buffer" });
    const sheet = workbook.Sheets[orderFormLayout.sheetName]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: null });
    const header = rows.findIndex((row) => row[0] === "Model Code");
    const none = orderFormLayout.noSizeMarker;
    expect(rows.slice(header)).toEqual([
      ["Model Code", "Name", "Color", "Width", "MSRP", "WHS", "8", "8.5", "9", "10"],
      ["S1", "S1 clog", "Black", null, "50.00", "25.00", null, none, null, none],
      ["S1", "S1 clog", "Black", "W", "50.00", "25.00", null, none, null, none],
      ["S1", "S1 clog", "Black", "XW", "50.00", "25.00", null, none, none, none],
      ["S2", "S2 clog", "Black", null, "50.00", "25.00", none, null, none, null],
    ]);

    // Quantities in the width rows are read as the sizes with that width.
    const excelRow = header + 1;
    const put = (address: string, quantity: number) => (sheet[address] = { t: "n", v: quantity });
    put(`G${excelRow + 1}`, 1); // S1 8
    put(`I${excelRow + 2}`, 2); // S1 9 W
    put(`G${excelRow + 3}`, 3); // S1 8 XW
    put(`J${excelRow + 4}`, 4); // S2 10
    const filled = XLSX.write(workbook, { type: "buffer", bookType: "xlsx" }) as Buffer;
    const read = await readOrderForm(filled, "form.xlsx");
    expect(read.errors).toEqual([]);
    expect(read.quantities.map(({ sku, size, quantity }) => [sku, size, quantity])).toEqual([
      ["S1-8", "8", 1],
      ["S1-9 W", "9 W", 2],
      ["S1-8 XW", "8 XW", 3],
      ["S2-10", "10", 4],
    ]);
  });

  it("places labels a caller names before any product has them, and keeps labels no system reads last", async () => {
    const brandId = await newBrand();
    await db().transaction((tx) => recordSizesInScale(tx, brandId, ["2T", "EU 42", "EU 40", "EU 41.5"]));
    const list = await scales(brandId);
    expect(list.unplaced).toEqual([]);
    expect(stepsOf(list.scales[0]!)).toEqual(["EU 40", "EU 41.5", "EU 42", "2T"]);
    expect(list.scales[0]!.steps.at(-1)).toEqual({ value: 0, labels: {}, asWritten: "2T" });

    // A product's "EU 41" lands between them on the next save.
    const lineListId = await newLineList(brandId, "Euro", { E1: ["2T", "EU 42", "EU 41", "EU 40"] });
    await db().transaction((tx) => recordSizesInScale(tx, brandId));
    expect((await cardSizes(lineListId)).E1).toEqual(["EU 40", "EU 41", "EU 42", "2T"]);
  });

  it("orders widths as the scale says: moving a width moves its sizes on every screen", async () => {
    const brandId = await newBrand();
    const lineListId = await newLineList(brandId, "Wide", { D1: ["10 4E", "10 2E", "10", "11 2E"] });
    await placeNewSizeLabels(db());
    const [scale] = (await scales(brandId)).scales;
    expect(scale!.widths).toEqual(["2E", "4E"]);
    expect((await cardSizes(lineListId)).D1).toEqual(["10", "10 2E", "10 4E", "11 2E"]);

    const response = await api("PUT", `/api/brands/${brandId}/size-scales/${scale!.id}`, {
      name: scale!.name,
      steps: scale!.steps,
      widths: ["4E", "2E", ""],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await cardSizes(lineListId)).D1).toEqual(["10 4E", "10 2E", "10", "11 2E"]);

    const dropped = await api("PUT", `/api/brands/${brandId}/size-scales/${scale!.id}`, {
      name: scale!.name,
      steps: scale!.steps,
      widths: ["2E"],
    });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json()).toMatchObject({ message: sizeScaleMessages.widthsInUse(["4E"]) });
  });

  describe("PUT /api/brands/{brandId}/size-scales/{scaleId}", () => {
    let brandId: number;
    let lineListId: number;
    let scale: SizeScaleView;

    beforeAll(async () => {
      brandId = await newBrand();
      lineListId = await newLineList(brandId, "Letters", { T1: ["XL", "S", "M", "L"], T2: ["OS"] });
      await placeNewSizeLabels(db());
      scale = (await scales(brandId)).scales[0]!;
    });

    const put = (body: object, headers?: Record<string, string>) =>
      api("PUT", `/api/brands/${brandId}/size-scales/${scale.id}`, body, headers);

    it("renames the scale and rearranges its steps; every screen follows, and the brand's history says so", async () => {
      expect(stepsOf(scale)).toEqual(["S", "M", "L", "XL", "OS"]);
      const steps = [scale.steps[4]!, ...scale.steps.slice(0, 4).reverse()];
      const response = await put({ name: "Tops", steps, widths: [], expectedRevision: scale._revision });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as {
        data: SizeScaleView;
        message: string;
        nextExpectedStreamVersion: number;
      };
      expect(body.message).toBe(sizeScaleMessages.saved);
      expect(body.data.name).toBe("Tops");
      expect(stepsOf(body.data)).toEqual(["OS", "XL", "L", "M", "S"]);
      expect(body.nextExpectedStreamVersion).toBe(scale._revision + 1);
      expect(await cardSizes(lineListId)).toEqual({ T1: ["XL", "L", "M", "S"], T2: ["OS"] });

      const [entry] = await historyOf(testApp, "brand", brandId);
      expect(entry).toMatchObject({ action: "update", summary: sizeScaleMessages.historySummary("Tops") });
      expect(entry!.changes.map((change) => change.field)).toEqual(["sizeScaleName", "sizeScaleSteps"]);
      scale = body.data;
    });

    it("answers 409 for a stale revision and changes nothing", async () => {
      const response = await put({ name: "Stale", steps: scale.steps, widths: [] }, { "if-match": "1" });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ success: false, message: genericMessages.staleRevision });
      expect((await scales(brandId)).scales[0]!.name).toBe("Tops");
    });

    it("refuses to leave out a step products use, a label of another system, and a size twice", async () => {
      const withoutOs = await put({ name: "Tops", steps: scale.steps.slice(1), widths: [] });
      expect(withoutOs.statusCode).toBe(400);
      expect(withoutOs.json()).toMatchObject({ message: sizeScaleMessages.stepsInUse(["OS"]) });

      const wrongSystem = await put({
        name: "Tops",
        steps: [...scale.steps, { value: 8, labels: { eu: "M8" } }],
        widths: [],
      });
      expect(wrongSystem.statusCode).toBe(400);
      expect(wrongSystem.json()).toMatchObject({
        message: sizeScaleMessages.labelNotInSystem("M8", "EU"),
        data: { "steps.5.labels.eu": [sizeScaleMessages.labelNotInSystem("M8", "EU")] },
      });

      const twice = await put({
        name: "Tops",
        steps: [...scale.steps, { value: 1, labels: { letter: "Large" } }],
        widths: [],
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toMatchObject({ message: sizeScaleMessages.stepTwice("Large") });
      expect(stepsOf((await scales(brandId)).scales[0]!)).toEqual(["OS", "XL", "L", "M", "S"]);
    });

    it("answers 404 for a scale of another brand and an unknown brand", async () => {
      const other = await newBrand();
      const response = await api("PUT", `/api/brands/${other}/size-scales/${scale.id}`, {
        name: "Tops",
        steps: scale.steps,
        widths: [],
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: sizeScaleMessages.notFound });
      expect((await api("GET", "/api/brands/999999/size-scales")).statusCode).toBe(404);
    });
  });
});
