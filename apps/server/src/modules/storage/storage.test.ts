import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { uploadLimits, uploadMessages, workbookContentTypes } from "@cm/contracts/uploads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { crocsBrandId, presign, putObject, storageListing, type Auth } from "../../../test/uploads.ts";
import type { LocalObjectStore } from "./local-object-store.ts";
import { newUploadKey } from "./object-store.ts";
import { localStorageRoot } from "./plugin.ts";
import { signedUrlParams } from "./signed-url.ts";

const body = Buffer.from("PK\u0003\u0004 pretend this is a workbook of 48 bytes....");
const xlsxType = workbookContentTypes.xlsx;

describe("the local store's presigned PUT", () => {
  let testApp: TestApp;
  let auth: Auth;

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
  });
  afterAll(() => testApp?.close());

  const fresh = () => presign(testApp, auth, { fileName: "Spring 2027.xlsx", size: body.length });
  const withParam = (url: string, name: string, value: string) => {
    const changed = new URL(url);
    changed.searchParams.set(name, value);
    return changed.href;
  };

  async function expectNothingStored(
    attempt: () => Promise<{ statusCode: number; json(): unknown }>,
    status: number,
    message: string,
  ) {
    const before = await storageListing(testApp);
    const response = await attempt();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(await storageListing(testApp)).toEqual(before);
  }

  it("stores the file under the key the server chose, within 5 minutes, without a token", async () => {
    const presigned = await fresh();
    expect(presigned.presignedUrl).toMatch(new RegExp(`^${testApp.config.PUBLIC_URL}/storage/uploads/`));
    const expiresIn = Date.parse(presigned.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan((uploadLimits.presignedUrlTtlSeconds - 10) * 1000);
    expect(expiresIn).toBeLessThanOrEqual(uploadLimits.presignedUrlTtlSeconds * 1000);

    const response = await putObject(testApp, presigned.presignedUrl, body, presigned.headers);
    expect(response.statusCode).toBe(200);
    const stored = path.join(localStorageRoot(testApp.config.DATA_DIR), presigned.fileKey);
    expect((await readFile(stored)).equals(body)).toBe(true);
    // No temporary file is left beside it.
    expect((await storageListing(testApp)).filter((entry) => entry.includes(".part"))).toEqual([]);
  });

  it("works once: a second PUT gets 409 and the first file stays", async () => {
    const presigned = await fresh();
    expect((await putObject(testApp, presigned.presignedUrl, body, presigned.headers)).statusCode).toBe(200);
    const other = Buffer.alloc(body.length, 0x41);
    await expectNothingStored(
      () => putObject(testApp, presigned.presignedUrl, other, presigned.headers),
      409,
      uploadMessages.uploadUrlUsed,
    );
    const stored = path.join(localStorageRoot(testApp.config.DATA_DIR), presigned.fileKey);
    expect((await readFile(stored)).equals(body)).toBe(true);
  });

  it("answers 404 to a tampered URL", async () => {
    const presigned = await fresh();
    const { presignedUrl: url, headers } = presigned;
    const otherKey = url.replace(/uploads\/[0-9a-f-]{36}/, newUploadKey("xlsx"));
    const tampered = [
      withParam(url, signedUrlParams.signature, "A".repeat(43)),
      withParam(url, signedUrlParams.contentLength, String(body.length + 1)),
      withParam(url, signedUrlParams.expires, String(Math.floor(Date.now() / 1000) + 86_400)),
      withParam(url, signedUrlParams.contentType, workbookContentTypes.xls),
      withParam(url, signedUrlParams.contentDisposition, "attachment"),
      otherKey,
      url.replace(/\?.*$/, ""),
      url.replace(/uploads\/[0-9a-f-]{36}\.xlsx/, "uploads/../db/evil.xlsx"),
    ];
    for (const target of tampered) {
      const sentType = target.includes(encodeURIComponent(workbookContentTypes.xls))
        ? workbookContentTypes.xls
        : headers["Content-Type"]!;
      await expectNothingStored(
        () => putObject(testApp, target, body, { "Content-Type": sentType }),
        404,
        uploadMessages.uploadUrlInvalid,
      );
    }
    // The untouched URL still works afterwards.
    expect((await putObject(testApp, url, body, headers)).statusCode).toBe(200);
  });

  it("answers 404 to an expired URL", async () => {
    const store = testApp.app.objectStore as LocalObjectStore;
    const expired = await store.presignPut({
      key: newUploadKey("xlsx"),
      contentType: xlsxType,
      contentLength: body.length,
      expiresInSeconds: -1,
    });
    await expectNothingStored(
      () => putObject(testApp, expired.url, body, expired.headers),
      404,
      uploadMessages.uploadUrlInvalid,
    );
  });

  it("answers 422 to another content type or size, storing nothing, and the URL still works after", async () => {
    const presigned = await fresh();
    const url = presigned.presignedUrl;
    await expectNothingStored(
      () => putObject(testApp, url, body, { "Content-Type": "application/zip" }),
      422,
      uploadMessages.uploadTypeMismatch,
    );
    await expectNothingStored(
      () => putObject(testApp, url, body, { "Content-Type": workbookContentTypes.xls }),
      422,
      uploadMessages.uploadTypeMismatch,
    );
    await expectNothingStored(
      () => putObject(testApp, url, body, {}),
      422,
      uploadMessages.uploadTypeMismatch,
    );
    await expectNothingStored(
      () => putObject(testApp, url, body.subarray(1), presigned.headers),
      422,
      uploadMessages.uploadSizeMismatch,
    );
    await expectNothingStored(
      () => putObject(testApp, url, Buffer.concat([body, body]), presigned.headers),
      422,
      uploadMessages.uploadSizeMismatch,
    );
    expect((await putObject(testApp, url, body, presigned.headers)).statusCode).toBe(200);
  });

  it("counts the bytes of a body sent without a length", async () => {
    for (const sent of [body.subarray(5), Buffer.concat([body, Buffer.from("more")])]) {
      const presigned = await fresh();
      const target = new URL(presigned.presignedUrl);
      await expectNothingStored(
        () =>
          testApp.app.inject({
            method: "PUT",
            url: target.pathname + target.search,
            headers: { ...presigned.headers, "transfer-encoding": "chunked" },
            payload: Readable.from([sent]),
          }),
        422,
        uploadMessages.uploadSizeMismatch,
      );
    }
  });

  it("binds the content disposition when one was asked for", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/uploads/get-presigned-upload-url",
      headers: auth,
      payload: {
        fileKey: "Spring.xlsx",
        fileSize: body.length,
        contentType: xlsxType,
        contentDisposition: 'attachment; filename="Spring.xlsx"',
        metadata: { brandId: await crocsBrandId(testApp), lineListType: "own-stock" },
      },
    });
    const presigned = response.json().data;
    expect(presigned.headers).toEqual({
      "Content-Type": xlsxType,
      "Content-Disposition": 'attachment; filename="Spring.xlsx"',
    });
    await expectNothingStored(
      () => putObject(testApp, presigned.presignedUrl, body, { "Content-Type": xlsxType }),
      422,
      uploadMessages.uploadTypeMismatch,
    );
    expect((await putObject(testApp, presigned.presignedUrl, body, presigned.headers)).statusCode).toBe(200);
  });
});
