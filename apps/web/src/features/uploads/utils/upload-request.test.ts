import { presignUploadInputSchema, processLineListInputSchema, uploadMessages } from "@cm/contracts/uploads";
import { describe, expect, it } from "vitest";
import {
  chooseBrand,
  chooseFile,
  chooseLineListToUpdate,
  chooseType,
  emptyUploadDraft,
  setDate,
  setName,
  setSheetPreview,
  type UploadDraft,
} from "./upload-draft";
import { contentDisposition, presignInput, processInput, readyDraft } from "./upload-request";

const crocs = { id: 1, name: "Crocs" };
const day = (date: string) => new Date(`${date}T00:00:00`);

function preBookDraft(): UploadDraft {
  const file = new File(["x".repeat(2048)], "Crocs Spring 2027.xlsx");
  let draft = chooseFile(chooseBrand(chooseType(emptyUploadDraft, "pre-book"), crocs), file);
  draft = setSheetPreview(draft, file, { sheetName: "Spring 2027", columns: [], rows: [] });
  draft = setDate(draft, "dateSent", day("2026-09-01"));
  return setDate(draft, "dateReceived", day("2026-10-31"));
}

describe("upload requests", () => {
  it("the presign request declares the file, its content type and the metadata", () => {
    const input = presignInput(readyDraft(preBookDraft()), "track-1");
    expect(presignUploadInputSchema.parse(input)).toBeTruthy();
    expect(input).toMatchObject({
      fileKey: "Crocs Spring 2027.xlsx",
      fileSize: 2048,
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      metadata: {
        brandId: 1,
        lineListType: "pre-book",
        lineListName: "Crocs Spring 2027",
        season: "Spring",
        year: 2027,
        dateSent: "2026-09-01",
        deadlineForOrders: "2026-10-31",
        dateOfAvailability: null,
        trackingId: "track-1",
      },
    });
  });

  it("the processing request names the brand, the stored key, the dates and the season in capitals", () => {
    const input = processInput(readyDraft(preBookDraft()), "uploads/abc.xlsx", "track-1");
    expect(processLineListInputSchema.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({
      brand: "Crocs",
      type: "pre-book",
      key: "uploads/abc.xlsx",
      action: "new",
      linelist_id: null,
      linelist_attributes: { sentOn: "2026-09-01", deadline: "2026-10-31", season: "SPRING", year: 2027 },
    });
  });

  it("an update sends its line list and that line list's type", () => {
    let draft = chooseBrand(chooseType(emptyUploadDraft, "update"), crocs);
    draft = chooseLineListToUpdate(draft, {
      id: 9,
      type: "future-stock",
      dateSent: null,
      deadline: null,
      dateOfAvailability: "2027-04-01",
    });
    draft = chooseFile(draft, new File(["x"], "update.xls"));
    const ready = readyDraft(draft);
    expect(presignInput(ready, "t").contentType).toBe("application/vnd.ms-excel");
    expect(presignInput(ready, "t").metadata).toMatchObject({ lineListType: "update", lineListId: 9 });
    expect(processInput(ready, "k", "t")).toMatchObject({
      type: "future-stock",
      action: "update",
      linelist_id: 9,
      linelist_attributes: { dateOfAvailability: "2027-04-01", sentOn: null },
    });
  });

  it("refuses an incomplete draft with the spec's messages", () => {
    expect(() => readyDraft(emptyUploadDraft)).toThrow(uploadMessages.neitherBrandNorType);
    expect(() => readyDraft(chooseType(emptyUploadDraft, "own-stock"))).toThrow(uploadMessages.brandNotSet);
    expect(() => readyDraft(chooseBrand(emptyUploadDraft, crocs))).toThrow(uploadMessages.lineListTypeNotSet);
    expect(() => readyDraft(chooseBrand(chooseType(emptyUploadDraft, "own-stock"), crocs))).toThrow(
      uploadMessages.fileNotSet,
    );
  });

  it("a file name outside Latin-1 still makes a valid Content-Disposition header", () => {
    const header = contentDisposition("Crocs été “2027”.xlsx");
    expect(header).toBe(
      `attachment; filename="Crocs _t_ _2027_.xlsx"; filename*=UTF-8''Crocs%20%C3%A9t%C3%A9%20%E2%80%9C2027%E2%80%9D.xlsx`,
    );
    expect(() => new Headers({ "Content-Disposition": header })).not.toThrow();
  });

  it("sends the name the person set for a new line list, the file's name as its description", () => {
    const ready = readyDraft(setName(preBookDraft(), "  Crocs Spring Core  "));
    expect(presignInput(ready, "track-1").metadata).toMatchObject({
      lineListName: "Crocs Spring Core",
      lineListDescription: "Crocs Spring 2027",
    });
    const input = processInput(ready, "uploads/abc.xlsx", "track-1");
    expect(processLineListInputSchema.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({ name: "Crocs Spring Core", description: "Crocs Spring 2027" });
  });
});
