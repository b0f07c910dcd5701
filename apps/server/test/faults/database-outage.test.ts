import { createServer, connect, type Server, type Socket } from "node:net";
import { genericMessages } from "@cm/contracts/messages";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { writeSampleLineList } from "../../src/modules/file-processing/sample-line-list.ts";
import {
  callApi,
  processLineListBody,
  signInOverHttp,
  storeWorkbookOverHttp,
  type Auth,
} from "../../src/testing/http-api.ts";
import { createServerSite, reportFigure, type ServerProcess, type ServerSite } from "./server-process.ts";

/**
 * A TCP relay between the server and PostgreSQL that the test can take down (connections refused,
 * open ones cut) and bring back, as a database restart or a network failure would, without
 * touching the PostgreSQL server other tests share.
 */
function databaseRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let listener: Server | undefined;
  let port = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  return {
    get port() {
      return port;
    },
    async up(): Promise<void> {
      listener = createServer((client) => {
        const upstream = connect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.once("close", () => upstream.destroy());
        upstream.once("close", () => client.destroy());
      });
      await new Promise<void>((resolve) => listener!.listen(port, "127.0.0.1", resolve));
      port = (listener.address() as { port: number }).port;
    },
    async down(): Promise<void> {
      const closed = new Promise<void>((resolve) => listener?.close(() => resolve()) ?? resolve());
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

const applicationName = "cm-outage-server";

describe.runIf(inject("testDatabase").kind === "postgres")(
  "the database going away under a running server",
  () => {
    let site: ServerSite;
    let relay: ReturnType<typeof databaseRelay>;
    let server: ServerProcess;
    let auth: Auth;

    /** Ends the server's backends: those in a transaction only, or all of them. */
    async function terminateServerBackends(which: "in a transaction" | "all"): Promise<number> {
      const rows = rowsOf<{ pid: number }>(
        await site.database!.db.execute(sql`
        select pg_terminate_backend(pid) as pid from pg_stat_activity
        where application_name = ${applicationName}
          and (${which === "all"} or backend_xid is not null)`),
      );
      return rows.length;
    }

    const get = (url: string) => callApi(server.baseUrl, auth, "GET", url);
    const unavailable = { success: false, message: genericMessages.databaseUnavailable, data: null };

    beforeAll(async () => {
      site = await createServerSite();
      const direct = new URL(site.databaseUrl!);
      relay = databaseRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
      await relay.up();
      const relayed = new URL(direct);
      relayed.port = String(relay.port);
      relayed.searchParams.set("application_name", applicationName);
      server = await site.start({ DATABASE_URL: relayed.toString() });
      auth = await signInOverHttp(server.baseUrl);
    }, 180_000);
    afterAll(async () => {
      await relay?.down();
      await site?.dispose();
    });

    it("answers 503 to a write whose backend is ended mid-transaction, and keeps serving", async () => {
      const fileName = "Spring 2027 outage.xlsx";
      const { bytes } = await writeSampleLineList({ styles: 300, season: "Spring", year: 2027 });
      const key = await storeWorkbookOverHttp(server.baseUrl, auth, fileName, bytes);
      const processing = callApi(server.baseUrl, auth, "POST", "/functions/process-line-list", {
        ...processLineListBody(fileName, key),
      });
      let ended = 0;
      const deadline = Date.now() + 20_000;
      while (ended === 0 && Date.now() < deadline) ended = await terminateServerBackends("in a transaction");
      expect(ended).toBeGreaterThan(0);

      const answer = await processing;
      expect(answer).toEqual({ status: 503, body: unavailable });
      expect(server.child.exitCode).toBeNull();
      expect((await get("/healthz")).body).toEqual({ status: "ok" });
      // Nothing was staged, and the stored file was kept: processing the same key goes through now.
      const again = await callApi(server.baseUrl, auth, "POST", "/functions/process-line-list", {
        ...processLineListBody(fileName, key),
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
    });

    it("never fails otherwise than 503 while the database ends its connections over and over", async () => {
      const statuses: number[] = [];
      let killing = true;
      const killer = (async () => {
        while (killing) {
          await terminateServerBackends("all");
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      try {
        for (let call = 0; call < 30; call++) statuses.push((await get("/api/brands")).status);
      } finally {
        killing = false;
        await killer;
      }
      const count = (status: number) => statuses.filter((seen) => seen === status).length;
      reportFigure(
        "reads while connections were ended every 0.1 s",
        `${count(200)} × 200, ${count(503)} × 503 of 30`,
      );
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      // A read is retried once on a fresh connection; only one ended twice in a row may fail.
      expect(count(200)).toBeGreaterThanOrEqual(27);
      expect(server.child.exitCode).toBeNull();
    });

    it("keeps 4 writers going while backends are ended back to back, and serves at once after", async () => {
      // A transaction whose BEGIN fails on an ended backend must give its connection back: when it
      // did not, the pool (10 connections) ran dry after 10 such failures and every request waited
      // for a connection until it timed out, until a restart.
      const writers = 4;
      const writesEach = 300;
      const statuses: number[] = [];
      const slowest = { ms: 0 };
      // A write that waited this long waited for a connection (the pool's connect timeout is 5 s).
      const wedgedMs = 4_000;
      let wedges = 0;
      let killing = true;
      let ended = 0;
      const killer = (async () => {
        while (killing) {
          ended += await terminateServerBackends("all");
          // A breath of up to 20 ms lets new connections open, so that some are ended between the
          // pool handing them out and their first statement.
          await new Promise((resolve) => setTimeout(resolve, 20 * Math.random()));
        }
      })();
      try {
        await Promise.all(
          Array.from({ length: writers }, async (_, writer) => {
            for (let write = 0; write < writesEach && wedges === 0; write++) {
              const started = performance.now();
              const answer = await callApi(server.baseUrl, auth, "POST", "/api/brands", {
                name: `Outage ${writer}-${write}`,
              });
              const ms = performance.now() - started;
              slowest.ms = Math.max(slowest.ms, ms);
              if (ms >= wedgedMs) wedges++;
              statuses.push(answer.status);
            }
          }),
        );
      } finally {
        killing = false;
        await killer;
      }
      const count = (status: number) => statuses.filter((seen) => seen === status).length;
      reportFigure(
        `writes while backends were ended back to back (${ended} ended)`,
        `${count(201)} × 201, ${count(503)} × 503 of ${writers * writesEach}; slowest ${Math.round(slowest.ms)} ms; ${wedges} wedged`,
      );
      expect(wedges).toBe(0);
      expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
      expect(statuses).toHaveLength(writers * writesEach);
      expect(ended).toBeGreaterThan(writers * 10);

      // Serving again at once, without a restart: every writer's next write goes through.
      const after = await Promise.all(
        Array.from({ length: writers }, (_, writer) =>
          callApi(server.baseUrl, auth, "POST", "/api/brands", { name: `After outage ${writer}` }),
        ),
      );
      expect(after.map((answer) => answer.status)).toEqual(Array(writers).fill(201));
      expect(await get("/healthz")).toEqual({ status: 200, body: { status: "ok" } });
      expect(server.child.exitCode).toBeNull();
    }, 180_000);

    it("answers 503 while the database refuses connections and serves again when it is back", async () => {
      await relay.down();
      const health = await get("/healthz");
      expect(health).toEqual({ status: 503, body: { status: "unavailable" } });
      expect(await get("/api/brands")).toEqual({ status: 503, body: unavailable });
      expect(server.child.exitCode).toBeNull();

      await relay.up();
      const back = performance.now();
      let brands = await get("/api/brands");
      while (brands.status !== 200 && performance.now() - back < 10_000) brands = await get("/api/brands");
      expect(brands.status).toBe(200);
      expect((await get("/healthz")).body).toEqual({ status: "ok" });
      reportFigure("serving again after the database came back", performance.now() - back, "ms");
    });
  },
);
