import { lineListMessages } from "@cm/contracts/line-lists";
import { nameMessages } from "@cm/contracts/names";
import { contentTypeForFileName } from "@cm/contracts/uploads";
import { describe, expect, it } from "vitest";
import {
  canUpload,
  chooseBrand,
  chooseFile,
  chooseLineListToUpdate,
  chooseType,
  emptyUploadDraft,
  nameProblem,
  removeFile,
  seasonAndYearFromSheetName,
  setDate,
  setName,
  setSheetPreview,
  showsFileInput,
  type UploadDraft,
  uploadDisabledReason,
  workbookAccept,
  uploadDraftMessages,
} from "@/features/uploads/utils/upload-draft";

const crocs = { id: 1, name: "Crocs" };
const workbook = () => new File(["x"], "Spring 2027.xlsx");
const preview = { sheetName: "Spring 2027", columns: ["Silhouette"], rows: [["Clog"]] };
const day = (date: string) => new Date(`${date}T00:00:00`);

/** A draft ready to upload as a pre-book line list. */
function readyPreBook(): UploadDraft {
  const file = workbook();
  let draft = chooseBrand(chooseType(emptyUploadDraft, "pre-book"), crocs);
  draft = chooseFile(draft, file);
  draft = setSheetPreview(draft, file, preview);
  draft = setDate(draft, "dateSent", day("2026-09-01"));
  return setDate(draft, "dateReceived", day("2026-10-31"));
}

describe("clearing rules", () => {
  it("choosing a type clears the file, dates, season, year and preview, and keeps the brand", () => {
    const draft = chooseType(readyPreBook(), "future-stock");
    expect(draft).toEqual({
      typeChoice: "future-stock",
      lineListType: "future-stock",
      brandId: 1,
      brandName: "Crocs",
    });
  });

  it("choosing a brand clears the same data and keeps the type", () => {
    const draft = chooseBrand(readyPreBook(), { id: 2, name: "Crocs Europe" });
    expect(draft).toEqual({
      typeChoice: "pre-book",
      lineListType: "pre-book",
      brandId: 2,
      brandName: "Crocs Europe",
    });
  });

  it("choosing the same type again still clears (the spec clears on every choice)", () => {
    const draft = chooseType(readyPreBook(), "pre-book");
    expect(draft.file).toBeUndefined();
    expect(draft.dateSent).toBeUndefined();
  });

  it("removing the file clears preview, season and year but keeps the dates", () => {
    const draft = removeFile(readyPreBook());
    expect(draft.file).toBeUndefined();
    expect(draft.preview).toBeUndefined();
    expect(draft.season).toBeUndefined();
    expect(draft.year).toBeUndefined();
    expect(draft.dateSent).toEqual(day("2026-09-01"));
    expect(draft.brandId).toBe(1);
  });

  it("a new file replaces the old one and forgets what was read from it", () => {
    const other = new File(["y"], "Fall 2027.xls");
    const draft = chooseFile(readyPreBook(), other);
    expect(draft.file).toBe(other);
    expect(draft.preview).toBeUndefined();
    expect(draft.season).toBeUndefined();
  });

  it("a file that is not .xlsx, .xls or .csv is ignored", () => {
    const before = readyPreBook();
    expect(chooseFile(before, new File(["a\tb"], "line-list.txt"))).toBe(before);
    expect(chooseFile(removeFile(before), new File(["%PDF"], "spring.xlsx.pdf")).file).toBeUndefined();
    expect(chooseFile(removeFile(before), new File(["x"], "UPPER.XLSX")).file?.name).toBe("UPPER.XLSX");
  });

  it("a CSV file is taken, named without its extension, and sent as text/csv", () => {
    const draft = chooseFile(removeFile(readyPreBook()), new File(["a;b"], "Skechers SS27.CSV"));
    expect(draft.file?.name).toBe("Skechers SS27.CSV");
    expect(draft.name).toBe("Skechers SS27");
    expect(contentTypeForFileName("Skechers SS27.CSV")).toBe("text/csv");
    expect(workbookAccept).toBe(".xlsx,.xls,.csv");
  });

  it("a preview read from a file no longer chosen is dropped", () => {
    const first = workbook();
    let draft = chooseFile(chooseBrand(chooseType(emptyUploadDraft, "own-stock"), crocs), first);
    draft = chooseFile(draft, new File(["y"], "Fall 2027.xlsx"));
    expect(setSheetPreview(draft, first, preview)).toBe(draft);
  });

  it("dates are set only for the type they belong to", () => {
    const preBook = chooseType(emptyUploadDraft, "pre-book");
    expect(setDate(preBook, "dateOfAvailability", day("2027-01-01")).dateOfAvailability).toBeUndefined();
    expect(setDate(preBook, "dateSent", day("2027-01-01")).dateSent).toEqual(day("2027-01-01"));
    const futureStock = chooseType(emptyUploadDraft, "future-stock");
    expect(setDate(futureStock, "dateSent", day("2027-01-01")).dateSent).toBeUndefined();
    expect(setDate(futureStock, "dateReceived", day("2027-01-01")).dateReceived).toBeUndefined();
    expect(setDate(futureStock, "dateOfAvailability", day("2027-01-01")).dateOfAvailability).toEqual(
      day("2027-01-01"),
    );
    const ownStock = chooseType(emptyUploadDraft, "own-stock");
    expect(setDate(ownStock, "dateSent", day("2027-01-01"))).toBe(ownStock);
  });
});

describe("update", () => {
  const lineList = {
    id: 7,
    type: "future-stock" as const,
    dateSent: null,
    deadline: null,
    dateOfAvailability: "2027-04-01",
  };

  it("the type comes from the line list chosen, with its dates", () => {
    let draft = chooseBrand(chooseType(emptyUploadDraft, "update"), crocs);
    expect(draft.lineListType).toBeUndefined();
    expect(showsFileInput(draft)).toBe(false);
    draft = chooseLineListToUpdate(draft, lineList);
    expect(draft).toMatchObject({ typeChoice: "update", lineListType: "future-stock", lineListId: 7 });
    expect(draft.dateOfAvailability).toEqual(day("2027-04-01"));
    expect(showsFileInput(draft)).toBe(true);
  });

  it("choosing another brand forgets the line list and its type", () => {
    let draft = chooseLineListToUpdate(chooseBrand(chooseType(emptyUploadDraft, "update"), crocs), lineList);
    draft = chooseBrand(draft, { id: 2, name: "Crocs Europe" });
    expect(draft).toEqual({
      typeChoice: "update",
      lineListType: undefined,
      brandId: 2,
      brandName: "Crocs Europe",
    });
  });

  it("a line list is chosen only for an update", () => {
    const draft = chooseType(emptyUploadDraft, "own-stock");
    expect(chooseLineListToUpdate(draft, lineList)).toBe(draft);
  });
});

describe("Upload disabled (SPEC.md section 5)", () => {
  it("is enabled for a complete draft", () => {
    expect(uploadDisabledReason(readyPreBook())).toBeUndefined();
    expect(canUpload(readyPreBook())).toBe(true);
  });

  it("is disabled while brand or type is unset, undefined and null alike", () => {
    expect(uploadDisabledReason(emptyUploadDraft)).toBe(uploadDraftMessages.neitherBrandNorType);
    expect(uploadDisabledReason({ ...readyPreBook(), brandId: undefined })).toBe(
      uploadDraftMessages.brandNotSet,
    );
    expect(uploadDisabledReason({ ...readyPreBook(), brandId: null })).toBe(uploadDraftMessages.brandNotSet);
    expect(uploadDisabledReason({ ...readyPreBook(), lineListType: undefined })).toBe(
      uploadDraftMessages.typeNotSet,
    );
    expect(uploadDisabledReason({ ...readyPreBook(), lineListType: null })).toBe(
      uploadDraftMessages.typeNotSet,
    );
    expect(uploadDisabledReason({ ...readyPreBook(), brandId: null, lineListType: null })).toBe(
      uploadDraftMessages.neitherBrandNorType,
    );
  });

  it("is disabled without a file", () => {
    expect(uploadDisabledReason(removeFile(readyPreBook()))).toBe(uploadDraftMessages.fileNotSet);
    expect(canUpload({ ...readyPreBook(), file: null })).toBe(false);
  });

  it("is disabled for a pre-book without its date sent or deadline", () => {
    for (const field of ["dateSent", "dateReceived"] as const) {
      expect(uploadDisabledReason({ ...readyPreBook(), [field]: undefined })).toBe(
        uploadDraftMessages.preBookDatesNotSet,
      );
      expect(uploadDisabledReason({ ...readyPreBook(), [field]: null })).toBe(
        uploadDraftMessages.preBookDatesNotSet,
      );
    }
  });

  it("is disabled for a future stock without its date of availability", () => {
    const file = workbook();
    let draft = chooseFile(chooseBrand(chooseType(emptyUploadDraft, "future-stock"), crocs), file);
    expect(uploadDisabledReason(draft)).toBe(uploadDraftMessages.availabilityNotSet);
    expect(uploadDisabledReason({ ...draft, dateOfAvailability: null })).toBe(
      uploadDraftMessages.availabilityNotSet,
    );
    draft = setDate(draft, "dateOfAvailability", day("2027-04-01"));
    expect(canUpload(draft)).toBe(true);
  });

  it("needs no dates for own stock and brand ATS", () => {
    for (const type of ["own-stock", "brand-ats"] as const) {
      expect(canUpload(chooseFile(chooseBrand(chooseType(emptyUploadDraft, type), crocs), workbook()))).toBe(
        true,
      );
    }
  });

  it("is disabled for an update until its line list is chosen", () => {
    const draft = chooseBrand(chooseType(emptyUploadDraft, "update"), crocs);
    expect(uploadDisabledReason(draft)).toBe(uploadDraftMessages.lineListToUpdateNotSet);
    const chosen = chooseLineListToUpdate(draft, {
      id: 3,
      type: "own-stock",
      dateSent: null,
      deadline: null,
      dateOfAvailability: null,
    });
    expect(uploadDisabledReason(chosen)).toBe(uploadDraftMessages.fileNotSet);
    expect(canUpload(chooseFile(chosen, workbook()))).toBe(true);
  });

  it("an update of a pre-book line list needs its two dates like a new one", () => {
    const draft = chooseLineListToUpdate(chooseBrand(chooseType(emptyUploadDraft, "update"), crocs), {
      id: 3,
      type: "pre-book",
      dateSent: "2026-09-01",
      deadline: null,
      dateOfAvailability: null,
    });
    const withFile = chooseFile(draft, workbook());
    expect(uploadDisabledReason(withFile)).toBe(uploadDraftMessages.preBookDatesNotSet);
    expect(canUpload(setDate(withFile, "dateReceived", day("2026-10-31")))).toBe(true);
  });
});

describe("a new line list's name", () => {
  it("is the file's name without its extension until the person changes it", () => {
    const draft = readyPreBook();
    expect(draft.name).toBe("Spring 2027");
    const renamed = setName(draft, "Crocs Spring 2027 Pre-Book");
    expect(canUpload(renamed)).toBe(true);
    expect(chooseFile(draft, new File(["y"], "Spring 2027 v2.XLS")).name).toBe("Spring 2027 v2");
  });

  it("keeps the name the person typed when the file changes or goes", () => {
    const renamed = setName(readyPreBook(), "Crocs Spring Core");
    expect(chooseFile(renamed, new File(["y"], "other.xlsx")).name).toBe("Crocs Spring Core");
    expect(removeFile(renamed).name).toBe("Crocs Spring Core");
    expect(removeFile(readyPreBook()).name).toBeUndefined();
  });

  it("disables Upload with the names' rules' reason for a blank, too long or invisible name", () => {
    for (const [name, reason] of [
      ["   ", lineListMessages.nameRequired],
      ["x".repeat(256), lineListMessages.nameTooLong],
      ["Spring\u200B2027", nameMessages.invisibleCharacters],
    ] as const) {
      const draft = setName(readyPreBook(), name);
      expect(uploadDisabledReason(draft), name).toBe(reason);
      expect(nameProblem(draft), name).toBe(reason);
    }
  });

  it("is not asked for an update, which keeps its line list's name", () => {
    const draft = chooseFile(chooseBrand(chooseType(emptyUploadDraft, "update"), crocs), workbook());
    expect(nameProblem(setName(draft, ""))).toBeUndefined();
  });
});

describe("season and year from the first sheet's name", () => {
  it.each([
    ["Spring 2027", { season: "Spring", year: 2027 }],
    ["  Fall   2026 ", { season: "Fall", year: 2026 }],
    ["Holiday Drop 2027", { season: "Holiday Drop", year: 2027 }],
    ["SS 2028", { season: "SS", year: 2028 }],
  ])("%j gives %j", (name, expected) => {
    expect(seasonAndYearFromSheetName(name)).toEqual(expected);
  });

  it.each(["Sheet1", "2027", "Spring 27", "Spring 20271", "Spring2027", ""])("%j gives neither", (name) => {
    expect(seasonAndYearFromSheetName(name)).toEqual({});
  });

  it("the preview of the chosen file sets them", () => {
    const file = workbook();
    const draft = chooseFile(chooseBrand(chooseType(emptyUploadDraft, "own-stock"), crocs), file);
    const read = setSheetPreview(draft, file, { ...preview, sheetName: "Summer 2027" });
    expect(read).toMatchObject({ season: "Summer", year: 2027, preview: { sheetName: "Summer 2027" } });
  });

  it("without them in the sheet's name, the sheet's or file's abbreviations suggest them", () => {
    const csv = new File(["a;b"], "Skechers_FW27.csv");
    const draft = chooseFile(chooseBrand(chooseType(emptyUploadDraft, "own-stock"), crocs), csv);
    expect(setSheetPreview(draft, csv, { ...preview, sheetName: "Sheet1" })).toMatchObject({
      season: "Fall",
      year: 2027,
    });
    const file = workbook();
    const other = chooseFile(chooseBrand(chooseType(emptyUploadDraft, "own-stock"), crocs), file);
    expect(setSheetPreview(other, file, { ...preview, sheetName: "SS28 Line Sheet" })).toMatchObject({
      season: "Spring",
      year: 2028,
    });
  });
});
