import { workbookContentTypes } from "@cm/contracts/uploads";
import { describe, expect, it } from "vitest";
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
