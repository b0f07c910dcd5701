import { workbookContentTypes } from "@cm/contracts/uploads";
import type { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { describe, expect, it, vi } from "vitest";
import { newUploadKey, objectStoreOrigin } from "./object-store.ts";
import { S3ObjectStore } from "./s3-object-store.ts";

describe("the S3 store's presigned PUT", () => {
  const store = new S3ObjectStore({
    bucket: "line-lists",
    region: "eu-west-1",
    endpoint: "http://127.0.0.1:9000",
    accessKeyId: "test-access-key",
    secretAccessKey: "test-secret-key",
  });

  it("signs the key, content type, exact length and If-None-Match, for 5 minutes", async () => {
    const key = newUploadKey("xlsx");
    const presigned = await store.presignPut({
      key,
      contentType: workbookContentTypes.xlsx,
      contentLength: 1234,
      contentDisposition: 'attachment; filename="Spring.xlsx"',
      expiresInSeconds: 300,
    });
    const url = new URL(presigned.url);
    expect(url.origin + url.pathname).toBe(`http://127.0.0.1:9000/line-lists/${key}`);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(url.searchParams.get("X-Amz-SignedHeaders")!.split(";")).toEqual(
      expect.arrayContaining([
        "content-disposition",
        "content-length",
        "content-type",
        "host",
        "if-none-match",
      ]),
    );
    expect(presigned.headers).toEqual({
      "Content-Type": workbookContentTypes.xlsx,
      "Content-Disposition": 'attachment; filename="Spring.xlsx"',
      "If-None-Match": "*",
    });
  });

  it("names the origin the browser PUTs to, for the content security policy", () => {
    expect(
      objectStoreOrigin({ S3_BUCKET: "b", S3_REGION: "eu-west-1", S3_ENDPOINT: "http://127.0.0.1:9000/" }),
    ).toBe("http://127.0.0.1:9000");
    expect(objectStoreOrigin({ S3_BUCKET: "b", S3_REGION: "eu-west-1", S3_ENDPOINT: undefined })).toBe(
      "https://b.s3.eu-west-1.amazonaws.com",
    );
    expect(
      objectStoreOrigin({ S3_BUCKET: undefined, S3_REGION: "us-east-1", S3_ENDPOINT: undefined }),
    ).toBeUndefined();
  });
});

describe("the S3 store's listing of uploads", () => {
  it("pages through the uploads/ prefix and answers only old upload keys", async () => {
    const store = new S3ObjectStore({ bucket: "line-lists", region: "eu-west-1" });
    const [oldKey, otherOldKey, newKey] = [newUploadKey("xlsx"), newUploadKey("xls"), newUploadKey("xlsx")];
    const old = new Date("2027-01-01T10:00:00Z");
    const pages = {
      first: {
        IsTruncated: true,
        NextContinuationToken: "page-2",
        Contents: [
          { Key: oldKey, LastModified: old },
          { Key: newKey, LastModified: new Date("2027-01-01T12:30:00Z") },
          // Not keys the app makes: never touched.
          { Key: "uploads/notes.txt", LastModified: old },
          { Key: "uploads/", LastModified: old },
        ],
      },
      second: { IsTruncated: false, Contents: [{ Key: otherOldKey, LastModified: old }] },
    };
    const send = vi
      .spyOn(store.client, "send")
      .mockImplementation(async (command) =>
        (command as ListObjectsV2Command).input.ContinuationToken === "page-2" ? pages.second : pages.first,
      );
    const listed = [];
    for await (const object of store.listUploads({ modifiedBefore: new Date("2027-01-01T12:00:00Z") })) {
      listed.push(object);
    }
    expect(listed).toEqual([
      { key: oldKey, lastModified: old },
      { key: otherOldKey, lastModified: old },
    ]);
    expect(send).toHaveBeenCalledTimes(2);
    const inputs = send.mock.calls.map(([command]) => (command as ListObjectsV2Command).input);
    expect(inputs).toEqual([
      { Bucket: "line-lists", Prefix: "uploads/", ContinuationToken: undefined },
      { Bucket: "line-lists", Prefix: "uploads/", ContinuationToken: "page-2" },
    ]);
    // A presigned PUT is whole or nothing: no partial writes to clean.
    expect(await store.removeAbandonedWrites()).toBe(0);
  });
});
