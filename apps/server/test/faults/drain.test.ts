import { connect } from "node:net";
import type { PreviewSummary } from "@cm/contracts/line-list-preview";
import { genericMessages } from "@cm/contracts/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSampleLineList } from "../../src/modules/file-processing/sample-line-list.ts";
import {
  callApi,
  processLineListBody,
  signInOverHttp,
  storeWorkbookOverHttp,
  type Envelope,
} from "../../src/testing/http-api.ts";
import { createServerSite, reportFigure, requestStarted, type ServerSite } from "./server-process.ts";

/** Opens a connection and sends a request's first line only: the connection is busy, not idle. */
async function startRequestSlowly(baseUrl: string, path: string) {
  const { port } = new URL(baseUrl);
  const socket = connect(Number(port), "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
  let received = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return {
    /** Sends the rest of the request; answers the raw response once the server closes. */
    finish: async () => {
      socket.end("Accept: application/json\r\n\r\n");
      await closed;
      return received;
    },
  };
}

describe("SIGTERM", () => {
  let site: ServerSite;

  beforeAll(async () => {
    site = await createServerSite();
  });
  afterAll(() => site?.dispose());

  it(
    "lets the processing in flight finish, refuses new requests with 503 and exits within 10 s",
    { timeout: 180_000 },
    async () => {
      const server = await site.start();
      const auth = await signInOverHttp(server.baseUrl);
      const fileName = "Spring 2027 drain.xlsx";
      const { bytes, styles } = await writeSampleLineList({ styles: 300, season: "Spring", year: 2027 });
      const key = await storeWorkbookOverHttp(server.baseUrl, auth, fileName, bytes);

      const processing = callApi(
        server.baseUrl,
        auth,
        "POST",
        "/functions/process-line-list",
        processLineListBody(fileName, key),
      );
      await server.waitForLog(requestStarted("POST", "/functions/process-line-list"));
      const arriving = await startRequestSlowly(server.baseUrl, "/api/brands");

      const signalled = performance.now();
      server.kill("SIGTERM");
      await server.waitForLog((line) => line.msg === "stopping: draining requests");

      const refused = await arriving.finish();
      expect(refused).toMatch(/^HTTP\/1\.1 503 /);
      expect(refused.toLowerCase()).toContain("connection: close");
      expect(JSON.parse(refused.slice(refused.indexOf("\r\n\r\n") + 4))).toEqual({
        success: false,
        message: genericMessages.serverRestarting,
        data: null,
      });
      // The listener is closed: a new connection is refused outright.
      await expect(fetch(`${server.baseUrl}/healthz`)).rejects.toThrow();

      const processed = await processing;
      expect(processed.status, JSON.stringify(processed.body)).toBe(200);
      expect(processed.body).toEqual(expect.any(Number));

      const { code } = await server.exited;
      const drainMs = performance.now() - signalled;
      const stopping = server.log().filter((line) => String(line.msg).startsWith("stop"));
      expect(code, JSON.stringify(stopping)).toBe(0);
      expect(drainMs).toBeLessThan(10_000);
      reportFigure(`SIGTERM to exit, a ${styles}-style processing in flight`, drainMs, "ms");

      // What the drained request wrote is there after a restart, and the server serves again.
      const restarted = await site.start();
      const preview = await callApi<Envelope<PreviewSummary>>(
        restarted.baseUrl,
        auth,
        "GET",
        `/api/crocs/preview/${processed.body}`,
      );
      expect(preview.status).toBe(200);
      expect(preview.body.data.counts.all).toBe(styles);
    },
  );
});
