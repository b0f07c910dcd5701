import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { lineListCsvMessages } from "@cm/contracts/line-list-csv";
import {
  findOpenStockHeaderRow,
  guessOpenStockColumns,
  openStockFingerprint,
  openStockMessages,
  readQuantity,
  skuVariants,
} from "@cm/contracts/open-stock-file";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOpenStockFile, type ReadOpenStockInput } from "./read-open-stock-file.ts";
import { readOpenStockInWorker } from "./read-in-worker.ts";

describe("reading an Open Stock file", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "open-stock-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function csv(name: string, text: string | Buffer): Promise<ReadOpenStockInput> {
    const file = path.join(dir, name);
    await writeFile(file, text);
    return { path: file, key: `uploads/x/${name}`, fileName: name, savedLayouts: [] };
  }

  it("reads a semicolon CSV in Windows-1252 under a title line, guessing the UPC and quantity columns", async () => {
    const text = Buffer.from(
      "Stock au 01/03/2027;;\r\nDésignation;EAN;Stock\r\nSabot;0190000000011;1.200\r\nSabot;190000000028;7\r\n;;\r\nTotal;;1207\r\n",
      "latin1",
    );
    const read = await readOpenStockFile(await csv("stock.csv", text));
    expect(read).toMatchObject({
      ok: true,
      kind: "csv",
      headerRow: 2,
      headers: ["Désignation", "EAN", "Stock"],
      columns: { sku: "EAN", quantity: "Stock" },
      source: "guessed",
      problems: [],
      // "1.200" is a row error (a thousands point or a decimal one: not told); the total row has
      // no SKU, so it is not a stock line.
      skus: ["190000000028"],
      quantities: [7],
      rowErrorCount: 1,
      rowCount: 3,
    });
    if (!read.ok) return;
    expect(read.rowErrors[0]).toMatchObject({ row: 3, column: "Stock", value: "1.200" });
  });

  it("takes the saved layout for the same headers in another order", async () => {
    const input = await csv("odd.csv", "Pieces,Ref\n4,OS-1\n");
    const read = await readOpenStockFile({
      ...input,
      savedLayouts: [
        {
          fingerprint: openStockFingerprint(["Ref", "Pieces"]),
          sheet: null,
          headerRow: 1,
          skuColumn: "Ref",
          quantityColumn: "Pieces",
        },
      ],
    });
    expect(read).toMatchObject({ ok: true, source: "saved", skus: ["OS-1"], quantities: [4] });
  });

  it("answers the CSV reader's refusal, in the worker too", async () => {
    const input = await csv("binary.csv", Buffer.from([1, 2, 0, 3]));
    expect(await readOpenStockFile(input)).toEqual({ ok: false, message: lineListCsvMessages.notText });
    expect(await readOpenStockInWorker(input)).toEqual({ ok: false, message: lineListCsvMessages.notText });
  });

  it("reads 50,000 rows in the worker while the server's thread stays free", async () => {
    const lines = ["SKU,Qty"];
    for (let index = 0; index < 50_000; index += 1)
      lines.push(`${String(100000000000 + index)},${index % 50}`);
    const input = await csv("large.csv", lines.join("\n"));
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    const started = performance.now();
    const read = await readOpenStockInWorker(input);
    clearInterval(timer);
    const elapsed = performance.now() - started;
    expect(read).toMatchObject({ ok: true, columns: { sku: "SKU", quantity: "Qty" } });
    if (read.ok) expect(read.skus).toHaveLength(50_000);
    // The event loop kept ticking about every 10 ms while the file was read.
    expect(ticks).toBeGreaterThan(elapsed / 10 / 4);
  });
});

describe("Open Stock rules", () => {
  it("reads whole quantities of 0 or more, and says why others cannot be read", () => {
    expect(readQuantity(12)).toEqual({ ok: true, quantity: 12 });
    expect(readQuantity("1,200")).toEqual({ ok: true, quantity: 1200 });
    expect(readQuantity(" 7 ")).toEqual({ ok: true, quantity: 7 });
    expect(readQuantity("3.0")).toEqual({ ok: true, quantity: 3 });
    expect(readQuantity(0)).toEqual({ ok: true, quantity: 0 });
    expect(readQuantity(undefined)).toEqual({ ok: false, message: openStockMessages.quantityBlank });
    expect(readQuantity(2.5)).toEqual({ ok: false, message: openStockMessages.quantityNotWhole("2.5") });
    expect(readQuantity("-4")).toEqual({ ok: false, message: openStockMessages.quantityNegative("-4") });
    expect(readQuantity(-4)).toEqual({ ok: false, message: openStockMessages.quantityNegative("-4") });
    expect(readQuantity("n/a")).toEqual({ ok: false, message: openStockMessages.quantityNotWhole("n/a") });
  });

  it("guesses by header names and by values, never a size column as the quantity", () => {
    expect(guessOpenStockColumns(["Item", "On Hand"], [["A-1", 3]])).toEqual({ sku: 0, quantity: 1 });
    expect(guessOpenStockColumns(["Style", "Size", "Barcode", "ATS"], [["X", 8, "190000000011", 4]])).toEqual(
      {
        sku: 2,
        quantity: 3,
      },
    );
    // Codes of 8 to 14 digits make an SKU column whatever its header.
    expect(
      guessOpenStockColumns(
        ["Code", "Count"],
        [
          ["19000000001", 1],
          ["19000000002", 2],
        ],
      ),
    ).toEqual({
      sku: 0,
      quantity: 1,
    });
    // Whole numbers under a header that names no quantity are not guessed when other columns could be.
    expect(guessOpenStockColumns(["Ref", "Size", "Pcs"], [["A", 8, 2]])).toEqual({
      sku: null,
      quantity: null,
    });
  });

  it("finds the header row under a title block", () => {
    expect(findOpenStockHeaderRow([["Stock report"], [], ["Description", "UPC", "Qty"], ["x", 1, 2]])).toBe(
      3,
    );
    expect(
      findOpenStockHeaderRow([
        ["Ref", "Pieces"],
        ["A", 1],
      ]),
    ).toBe(1);
  });

  it("tries a barcode padded back to its lengths", () => {
    expect(skuVariants("12345678905")).toEqual([
      "12345678905",
      "012345678905",
      "0012345678905",
      "00012345678905",
    ]);
    expect(skuVariants("OS-1")).toEqual(["OS-1"]);
  });
});
