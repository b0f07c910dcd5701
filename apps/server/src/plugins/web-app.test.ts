import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { webAppNotBuiltMessage } from "./web-app.ts";

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-a1b2c3.js"></script></head><body><div id="root"></div></body></html>';

describe("web app with a built SPA", () => {
  let distDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), "cm-web-dist-"));
    await mkdir(path.join(distDir, "assets"));
    await writeFile(path.join(distDir, "index.html"), indexHtml);
    await writeFile(path.join(distDir, "assets", "index-a1b2c3.js"), "console.log('app');");
    // The compressed copies the build writes next to each file (apps/web/vite.config.ts).
    for (const file of ["index.html", "assets/index-a1b2c3.js"]) {
      const content = await readFile(path.join(distDir, file));
      await writeFile(path.join(distDir, `${file}.br`), brotliCompressSync(content));
      await writeFile(path.join(distDir, `${file}.gz`), gzipSync(content));
    }
    await writeFile(path.join(distDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    await writeFile(path.join(distDir, ".env"), "SECRET=1");
    testApp = await createTestApp({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it.each(["/", "/home", "/home/brands/edit/12", "/auth/code?name=Ann&email=ann%40example.com"])(
    "answers the page %s with index.html, never cached without revalidation",
    async (url) => {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toBe(indexHtml);
      expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    },
  );

  it("serves hashed assets with a long, immutable cache", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/assets/index-a1b2c3.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("javascript");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body).toBe("console.log('app');");
  });

  it("sends a hashed asset's brotli copy to a browser that accepts it, still immutable", async () => {
    const response = await testApp.app.inject({
      method: "GET",
      url: "/assets/index-a1b2c3.js",
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toContain("javascript");
    expect(response.headers.vary).toContain("accept-encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe("console.log('app');");
  });

  it("sends the gzip copy to a client without brotli, and the file itself to one without either", async () => {
    const gzipped = await testApp.app.inject({
      method: "GET",
      url: "/assets/index-a1b2c3.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toContain("accept-encoding");
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe("console.log('app');");

    const plain = await testApp.app.inject({
      method: "GET",
      url: "/assets/index-a1b2c3.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    expect(plain.body).toBe("console.log('app');");
  });

  it.each(["/", "/home/catalogs"])(
    "sends index.html compressed for %s, revalidated and never immutable",
    async (url) => {
      const response = await testApp.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers.vary).toContain("accept-encoding");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(indexHtml);
    },
  );

  it("answers the URL of a compressed copy at the top of the build as any other page", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/index.html.br" });
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toBe(indexHtml);
  });

  it("serves assets of a rebuild made while the server runs", async () => {
    await writeFile(path.join(distDir, "assets", "index-d4e5f6.js"), "console.log('rebuilt');");
    const response = await testApp.app.inject({ method: "GET", url: "/assets/index-d4e5f6.js" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("console.log('rebuilt');");
  });

  it("serves other files from the build folder, revalidated", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a missing asset with 404 instead of the page", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/assets/index-old.js" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("<html");
  });

  it("does not serve dotfiles", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/.env" });
    expect(response.body).not.toContain("SECRET");
  });

  it("keeps unknown API paths a 404 envelope", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/nothing" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: "Not found", data: null });
  });

  it("does not answer non-GET requests to pages with the SPA", async () => {
    const response = await testApp.app.inject({ method: "POST", url: "/home" });
    expect(response.statusCode).toBe(404);
  });
});

describe("web app not built", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it("answers pages with 503 and says how to build", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/home/catalogs" });
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe(webAppNotBuiltMessage);
    expect(response.body).toContain("npm run build");
  });

  it("still answers the API", async () => {
    expect((await testApp.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: "GET", url: "/api/nothing" })).statusCode).toBe(404);
  });
});
