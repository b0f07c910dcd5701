import { genericMessages } from "@cm/contracts/messages";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { signIn } from "../../test/auth.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { ok } from "../lib/envelope.ts";
import { databaseFailureAnswer } from "../lib/errors.ts";
import { openDatabase } from "./client.ts";

// Only a PostgreSQL server has connections to lose; PGlite runs inside the process.
describe.runIf(inject("testDatabase").kind === "postgres")("a lost PostgreSQL connection", () => {
  let testApp: TestApp;
  let databaseUrl: string;
  let databaseName: string;
  /** A connection of its own, to watch and end the others. */
  let admin: pg.Client;
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => uncaught.push(error);

  /** Ends the one backend `where` picks, once it is there (the caller has just started its work). */
  async function terminateBackend(where: string, ...params: unknown[]): Promise<void> {
    const pid = await vi.waitFor(
      async () => {
        const { rows } = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity
           where datname = $1 and pid <> pg_backend_pid() and ${where}`,
          [databaseName, ...params],
        );
        if (rows.length !== 1) throw new Error(`expected one backend, found ${rows.length}`);
        return rows[0]!.pid;
      },
      { timeout: 5000, interval: 10 },
    );
    await admin.query("select pg_terminate_backend($1)", [pid]);
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    databaseUrl = testApp.config.DATABASE_URL!;
    databaseName = new URL(databaseUrl).pathname.slice(1);
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // An "error" event nobody listens to is thrown from the socket's callback: it would land here.
    process.on("uncaughtException", recordUncaught);
    // Outside /api, so no sign-in. A transaction that waits in the database, as a long save does.
    testApp.app.post("/test-only/long-transaction", async () => {
      await testApp.database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_current_xact_id()`);
        await tx.execute(sql`select pg_sleep(30)`);
      });
      return ok(null);
    });
  });
  afterEach(() => {
    expect(uncaught.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    process.off("uncaughtException", recordUncaught);
    await admin?.end();
    await testApp?.close();
  });

  it("answers the request in flight with 503 and keeps serving", async () => {
    const auth = await signIn(testApp);
    const inFlight = testApp.app.inject({ method: "POST", url: "/test-only/long-transaction" });
    await terminateBackend("backend_xid is not null");

    const response = await inFlight;
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      message: genericMessages.databaseUnavailable,
      data: null,
    });

    const next = await testApp.app.inject({ method: "GET", url: "/api/brands", headers: auth });
    expect(next.statusCode, next.body).toBe(200);
    expect((await testApp.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
  });

  it("reports a connection lost between a transaction's queries and fails that transaction", async () => {
    const onConnectionError = vi.fn();
    const handle = await openDatabase({
      databaseUrl: `${databaseUrl}?application_name=cm-test-between-queries`,
      onConnectionError,
    });
    try {
      let resume!: () => void;
      const resumed = new Promise<void>((resolve) => (resume = resolve));
      const transaction = handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_current_xact_id()`);
          // The server's own work between two statements, e.g. checking a line list's rows.
          await resumed;
          await tx.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      await terminateBackend("application_name = $2 and backend_xid is not null", "cm-test-between-queries");
      await vi.waitFor(() => expect(onConnectionError).toHaveBeenCalled(), { timeout: 5000, interval: 10 });
      resume();

      const error = await transaction;
      expect(error).toBeInstanceOf(Error);
      expect(databaseFailureAnswer(error)).toMatchObject({
        status: 503,
        message: genericMessages.databaseUnavailable,
      });
      await handle.ping();
    } finally {
      await handle.close();
    }
  });

  it("reports a lost idle connection and opens a new one when next asked", async () => {
    const onConnectionError = vi.fn();
    const handle = await openDatabase({
      databaseUrl: `${databaseUrl}?application_name=cm-test-idle`,
      onConnectionError,
    });
    try {
      await handle.ping();
      await terminateBackend("application_name = $2", "cm-test-idle");
      await vi.waitFor(() => expect(onConnectionError).toHaveBeenCalled(), { timeout: 5000, interval: 10 });
      await handle.ping();
    } finally {
      await handle.close();
    }
  });
});
