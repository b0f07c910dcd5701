import { eq } from "drizzle-orm";
import type { PreviewStyle } from "@cm/contracts/line-list-format";
import type { PreviewStyleRow } from "@cm/contracts/line-list-preview";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { crocsBrandId, type Auth } from "../../../test/uploads.ts";
import { users } from "../../db/schema.ts";
import { createLineList } from "../line-lists/service.ts";
import { insertStagedStyles, insertUpload } from "./repository.ts";

/**
 * Issue 33, "Works at size": on a 5,000-style preview a choice stays under 100 ms per click, and
 * "Keep every old MSRP" is one request (one statement). The figures go to the test's output;
 * the bounds asserted are looser than the goal, for a loaded shared machine.
 */

const styleCount = 5000;
const sizesPerStyle = 8;

describe("reviewing a 5,000-style upload", () => {
  let testApp: TestApp;
  let auth: Auth;
  let lineListId: number;

  const inject = (method: "GET" | "PATCH", url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const timed = async (method: "GET" | "PATCH", url: string, payload?: object) => {
    const started = performance.now();
    const response = await inject(method, url, payload);
    const ms = performance.now() - started;
    expect(response.statusCode, response.body).toBe(200);
    return { response, ms };
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    const { db } = testApp.database;
    const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    const brandId = await crocsBrandId(testApp);
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
        name: "Timing 2027",
        stage: "saved",
        products: Array.from({ length: styleCount }, (_, index) => style(index, "49.99", "Black")),
      },
      admin!.id,
    );
    lineListId = created.id;
    // The re-upload waiting: every MSRP and every other colour changed.
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
    await db.transaction(async (tx) => {
      const upload = await insertUpload(tx, {
        lineListId,
        action: "update",
        fileKey: "uploads/timing.xlsx",
        fileName: "Timing 2027 v2.xlsx",
        season: "Spring",
        year: 2027,
        rowCount: styleCount * sizesPerStyle,
        stylesCount: styleCount,
        trackingId: null,
        createdBy: admin!.id,
      });
      await insertStagedStyles(tx, upload.id, staged);
    });
  }, 120_000);
  afterAll(() => testApp?.close());

  it("answers a click and a whole column quickly", async () => {
    const summary = await timed("GET", `/api/crocs/preview/${lineListId}`);
    expect(summary.response.json().data.counts).toEqual({ all: 5000, new: 0, changed: 5000, old: 0 });
    const page = await timed("GET", `/api/crocs/preview/${lineListId}/styles?pageSize=100&view=changed`);
    const rows = page.response.json().data as PreviewStyleRow[];

    const clicks: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      const { response, ms } = await timed("PATCH", `/api/crocs/preview/${lineListId}/choices`, {
        styles: [{ id: rows[index]!.id, keep: ["msrp"] }],
      });
      clicks.push(ms);
      expect(response.json().data.choices.changesKept).toBe(index + 1);
    }
    const column = await timed("PATCH", `/api/crocs/preview/${lineListId}/choices`, {
      column: { field: "msrp", keep: true },
    });
    expect(column.response.json().data.choices).toMatchObject({
      changesKept: 5000,
      changesTaken: 2500,
      keptColumns: ["msrp"],
    });
    const takeAll = await timed("PATCH", `/api/crocs/preview/${lineListId}/choices`, { takeAll: true });
    expect(takeAll.response.json().data.choices).toMatchObject({ changesKept: 0, changesTaken: 7500 });

    const figures = {
      summaryMs: Math.round(summary.ms),
      pageOf100Ms: Math.round(page.ms),
      clickMedianMs: Math.round(median(clicks)),
      clicksMs: clicks.map(Math.round),
      keepEveryOldMsrpMs: Math.round(column.ms),
      takeAllMs: Math.round(takeAll.ms),
    };
    console.log(`5,000-style review: ${JSON.stringify(figures)}`);
    // The goal is 100 ms a click; these bounds leave room for a loaded shared machine.
    expect(figures.clickMedianMs).toBeLessThan(250);
    expect(figures.keepEveryOldMsrpMs).toBeLessThan(1000);
  }, 120_000);
});
