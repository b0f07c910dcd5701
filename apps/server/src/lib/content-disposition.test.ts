import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./content-disposition.ts";

describe("attachmentDisposition", () => {
  it("gives an ASCII name for old clients and the exact name encoded", () => {
    expect(attachmentDisposition("Café (1) order form.xlsx")).toBe(
      `attachment; filename="Caf_ (1) order form.xlsx"; filename*=UTF-8''Caf%C3%A9%20%281%29%20order%20form.xlsx`,
    );
  });

  it("keeps quotes, line breaks and paths out of the header", () => {
    const header = attachmentDisposition('../"evil"\r\nSet-Cookie: x.xlsx');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="..-evil-Set-Cookie- x.xlsx"; filename*=UTF-8''..-evil-Set-Cookie-%20x.xlsx`,
    );
  });
});
