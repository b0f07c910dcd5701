import { readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import {
  contentTypeForFileName,
  type PresignUploadData,
  type PresignUploadInput,
  type ProcessLineListInput,
} from "@cm/contracts/uploads";
import { localStorageRoot } from "../src/modules/storage/plugin.ts";
import { tableChecksums } from "./table-checksums.ts";
import type { TestApp } from "./test-app.ts";

/**
 * The upload protocol through HTTP for API tests: presign, PUT to the presigned URL, process.
 *
 *   const { process } = await uploadWorkbook(testApp, auth, { fileName: "Spring 2027.xlsx", bytes });
 *   expect(process.statusCode).toBe(200);
 */

export type Auth = { authorization: string };

export async function crocsBrandId(testApp: TestApp): Promise<number> {
  const result = await testApp.database.db.execute(sql`select id from brands where name = 'Crocs'`);
  return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
}

export function presignRequest(
  testApp: TestApp,
  auth: Auth,
  body: Partial<PresignUploadInput> & { metadata: PresignUploadInput["metadata"] },
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: "POST",
    url: "/api/uploads/get-presigned-upload-url",
    headers: auth,
    payload: body,
  });
}

export async function presign(
  testApp: TestApp,
  auth: Auth,
  options: { fileName: string; size: number; brandId?: number; contentType?: string },
): Promise<PresignUploadData> {
  const response = await presignRequest(testApp, auth, {
    fileKey: options.fileName,
    fileSize: options.size,
    contentType:
      options.contentType ?? contentTypeForFileName(options.fileName) ?? "application/octet-stream",
    metadata: { brandId: options.brandId ?? (await crocsBrandId(testApp)), lineListType: "own-stock" },
  });
  if (response.statusCode !== 200) throw new Error(`presign failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** PUTs a body to a presigned URL (through inject: the URL's path and query). */
export function putObject(
  testApp: TestApp,
  url: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const target = new URL(url);
  return testApp.app.inject({ method: "PUT", url: target.pathname + target.search, headers, payload: body });
}

export function processRequest(
  testApp: TestApp,
  auth: Auth | Record<string, never>,
  body: Partial<ProcessLineListInput> & Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: "POST",
    url: "/functions/process-line-list",
    headers: auth,
    payload: body,
  });
}

export interface UploadOptions {
  fileName: string;
  bytes: Buffer;
  type?: ProcessLineListInput["type"];
  action?: "new" | "update";
  lineListId?: number;
  attributes?: ProcessLineListInput["linelist_attributes"];
  errorLimit?: number;
}

/** Presign and PUT: the workbook stored, not processed yet. */
export async function storeWorkbook(
  testApp: TestApp,
  auth: Auth,
  fileName: string,
  bytes: Buffer,
): Promise<PresignUploadData> {
  const presigned = await presign(testApp, auth, { fileName, size: bytes.length });
  const put = await putObject(testApp, presigned.presignedUrl, bytes, presigned.headers);
  if (put.statusCode !== 200) throw new Error(`PUT failed: ${put.statusCode} ${put.body}`);
  return presigned;
}

/** The whole protocol; throws if presign or PUT fail, answers the processing response. */
export async function uploadWorkbook(
  testApp: TestApp,
  auth: Auth,
  options: UploadOptions,
): Promise<{ presigned: PresignUploadData; process: LightMyRequestResponse }> {
  const presigned = await storeWorkbook(testApp, auth, options.fileName, options.bytes);
  const process = await processRequest(testApp, auth, {
    brand: "Crocs",
    type: options.type ?? "own-stock",
    fileName: options.fileName,
    filename: options.fileName,
    key: presigned.fileKey,
    action: options.action ?? "new",
    linelist_attributes: options.attributes ?? {},
    ...(options.lineListId ? { linelist_id: options.lineListId } : {}),
    ...(options.errorLimit ? { errorLimit: options.errorLimit } : {}),
  });
  return { presigned, process };
}

/** Uploads a workbook that must be accepted; answers the new (or updated) line list's id. */
export async function uploadAccepted(testApp: TestApp, auth: Auth, options: UploadOptions): Promise<number> {
  const { process } = await uploadWorkbook(testApp, auth, options);
  if (process.statusCode !== 200) throw new Error(`processing failed: ${process.statusCode} ${process.body}`);
  return JSON.parse(process.body) as number;
}

/** Every file under the local store's folder, as relative paths, sorted. */
export async function storageListing(testApp: TestApp): Promise<string[]> {
  const root = localStorageRoot(testApp.config.DATA_DIR);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .map(
      (entry) =>
        path.relative(root, path.join(entry.parentPath, entry.name)) + (entry.isDirectory() ? "/" : ""),
    )
    .sort();
}

/** The row count of every table of the database. */
export async function tableCounts(testApp: TestApp): Promise<Record<string, number>> {
  const checksums = await tableChecksums(testApp.database.db);
  return Object.fromEntries(Object.entries(checksums).map(([table, { rows }]) => [table, rows]));
}

/** The database's row counts and the storage folder's files: what a refused upload must leave as is. */
export async function snapshot(testApp: TestApp) {
  return { tables: await tableCounts(testApp), storage: await storageListing(testApp) };
}
