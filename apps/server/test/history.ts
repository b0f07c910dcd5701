import type { HistoryEntityType, HistoryEntry } from "@cm/contracts/history";
import { historyEntries } from "../src/db/schema.ts";
import { signIn } from "./auth.ts";
import type { TestApp } from "./test-app.ts";

/**
 * The history as its readers see it: `GET /api/history` as the seeded admin.
 *
 *   expect(await historyOf(testApp, "brand", brand.id)).toEqual([expect.objectContaining({ action: "update" })]);
 */
export async function historyOf(
  testApp: TestApp,
  entityType: HistoryEntityType,
  entityId: number,
): Promise<HistoryEntry[]> {
  const response = await testApp.app.inject({
    method: "GET",
    url: `/api/history?entityType=${entityType}&entityId=${entityId}&pageSize=100`,
    headers: await signIn(testApp),
  });
  if (response.statusCode !== 200)
    throw new Error(`GET /api/history: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: HistoryEntry[] }).data;
}

/** Every row of the history table, whatever its spelling: a failed write must leave none. */
export function historyRowCount(testApp: TestApp): Promise<number> {
  return testApp.database.db.$count(historyEntries);
}
