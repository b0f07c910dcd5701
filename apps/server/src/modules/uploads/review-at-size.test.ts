import { eq } from "drizzle-orm";
import type { PreviewStyleRow } from "@cm/contracts/line-list-preview";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { crocsBrandId, type Auth } from "../../../test/uploads.ts";
import { users } from "../../db/schema.ts";
import { seedReviewPreview } from "../../testing/review-fixtures.ts";

/**
 * Issue 33, "Works at size": on a 5,000-style preview a click keeps one style's field, and "Keep
 * every old MSRP" keeps all 5,000 in one request. What they cost is measured by
 * `npm run bench:review` (docs/performance.md), not here.
 */

const styleCount = 5000;

describe("reviewing a 5,000-style upload", () => {
  let testApp: TestApp;
  let auth: Auth;
  let lineListId: number;

  const call = async (method: "GET" | "PATCH", url: string, payload?: object) => {
    const response = await testApp.app.inject({
      method,
      url,
      headers: auth,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    const { db } = testApp.database;
    const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    const brandId = await crocsBrandId(testApp);
    ({ lineListId } = await seedReviewPreview(db, { brandId, adminId: admin!.id, styleCount }));
  }, 120_000);
  afterAll(() => testApp?.close());

  it("keeps a style's field per click, a whole column in one request, and takes them all back", async () => {
    const summary = await call("GET", `/api/crocs/preview/${lineListId}`);
    expect(summary.counts).toEqual({ all: 5000, new: 0, changed: 5000, old: 0 });
    const rows = (await call(
      "GET",
      `/api/crocs/preview/${lineListId}/styles?pageSize=100&view=changed`,
    )) as PreviewStyleRow[];
    expect(rows).toHaveLength(100);

    for (let index = 0; index < 7; index += 1) {
      const click = await call("PATCH", `/api/crocs/preview/${lineListId}/choices`, {
        styles: [{ id: rows[index]!.id, keep: ["msrp"] }],
      });
      expect(click.choices.changesKept).toBe(index + 1);
    }
    const column = await call("PATCH", `/api/crocs/preview/${lineListId}/choices`, {
      column: { field: "msrp", keep: true },
    });
    expect(column.choices).toMatchObject({ changesKept: 5000, changesTaken: 2500, keptColumns: ["msrp"] });
    const takeAll = await call("PATCH", `/api/crocs/preview/${lineListId}/choices`, { takeAll: true });
    expect(takeAll.choices).toMatchObject({ changesKept: 0, changesTaken: 7500 });
  }, 120_000);
});
