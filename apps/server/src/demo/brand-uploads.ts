import { mkdtemp, rm } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { ItemPlacementChange } from "@cm/contracts/catalog-segmentation";
import type { CatalogType } from "@cm/contracts/catalogs";
import type { LineListMapping } from "@cm/contracts/line-list-mapping";
import type { LineListType } from "@cm/contracts/line-lists";
import { workbookExtension } from "@cm/contracts/uploads";
import { asc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";
import type { Database } from "../db/client.ts";
import { lineListItems, products } from "../db/schema.ts";
import { applyPlacementChanges, describePlacementChanges } from "../modules/catalogs/placements.service.ts";
import { publishCatalog, saveCatalogs } from "../modules/catalogs/service.ts";
import { processLineList } from "../modules/file-processing/process-line-list.ts";
import {
  halfPrice,
  oneSizeLineListTable,
  semicolonCsvTable,
  sizeColumnsSheets,
  writeSemicolonCsv,
  writeSheetsXlsx,
  type SizeColumnsRow,
  type SkuRow,
} from "../modules/file-processing/sample-line-list.ts";
import { inspectUpload } from "../modules/line-list-mappings/inspect.service.ts";
import { LocalObjectStore } from "../modules/storage/local-object-store.ts";
import { newUploadKey } from "../modules/storage/object-store.ts";
import { confirmPreview } from "../modules/uploads/save-or-discard.service.ts";

/**
 * The demo's line lists of the brands other than Crocs (issue 32), uploaded through the real path
 * as staff would: a file in the brand's own layout is stored, inspected, read with the mapping the
 * "Map columns" step proposes for it (the engine's guess, with the season it suggests where the
 * sheet's name does not say it), saved, sorted into catalogs and published. Hey Dude sends a line
 * sheet with sizes as columns, Skechers a semicolon CSV with decimal commas in Windows-1252,
 * Pandora a one-size jewellery list. A brand's second file of the same layout goes straight to the
 * preview on its saved mapping, as a later upload does.
 *
 * The styles (model codes, sizes, MSRPs) are the ones the demo always had, which the order tests
 * write orders for; the SKUs are 12-digit UPCs, as these brands send them.
 */

interface DemoLine {
  franchise: string;
  silhouette: string;
  msrp: number;
  material?: string;
}

interface DemoStyle {
  modelCode: string;
  line: DemoLine;
  colour: string;
  colourCode: string;
  sizes: { size: string; upc: string }[];
}

/** Each brand's styles as its files describe them: `count` style-colours over its lines. */
function brandStyles(
  brand: { codePrefix: string; lines: DemoLine[]; colours: [code: string, name: string][]; sizes: string[] },
  upcBase: number,
  count: number,
): DemoStyle[] {
  return Array.from({ length: count }, (_, index) => {
    const line = brand.lines[index % brand.lines.length]!;
    const [colourCode, colour] =
      brand.colours[Math.floor(index / brand.lines.length) % brand.colours.length]!;
    const modelCode = `${brand.codePrefix}${100 + (index % brand.lines.length) * 11}-${colourCode}`;
    return {
      modelCode,
      line,
      colour,
      colourCode,
      sizes: brand.sizes.map((size, sizeIndex) => ({ size, upc: String(upcBase + index * 100 + sizeIndex) })),
    };
  });
}

const heyDude = {
  codePrefix: "40",
  lines: [
    { franchise: "Wally", silhouette: "Loafer", msrp: 64.99, material: "Stretch canvas" },
    { franchise: "Wendy", silhouette: "Loafer", msrp: 59.99, material: "Stretch canvas" },
    { franchise: "Thad", silhouette: "Lace-Up", msrp: 69.99, material: "Leather" },
    { franchise: "Bradley", silhouette: "Boot", msrp: 79.99, material: "Suede" },
  ],
  colours: [
    ["BLA", "Black"],
    ["WHI", "White"],
    ["NAV", "Navy"],
    ["BON", "Bone"],
  ] as [string, string][],
  sizes: ["M7", "M8", "M9", "M10", "M11", "M12", "W6", "W7", "W8", "W9"],
};
const skechers = {
  codePrefix: "216",
  lines: [
    { franchise: "Go Walk", silhouette: "Slip-On", msrp: 65 },
    { franchise: "D'Lites", silhouette: "Sneaker", msrp: 75 },
    { franchise: "Arch Fit", silhouette: "Trainer", msrp: 90 },
    { franchise: "Uno", silhouette: "Lace-Up", msrp: 85 },
    { franchise: "Max Cushioning", silhouette: "Running Shoe", msrp: 95 },
  ],
  // "Crème": the export is Windows-1252, as Excel writes CSV on a European Windows.
  colours: [
    ["BLA", "Black"],
    ["WHI", "White"],
    ["CRM", "Crème"],
  ] as [string, string][],
  sizes: ["W6", "W7", "W8", "W9", "M8", "M9", "M10", "M11"],
};

/** The Hey Dude line sheet of these styles: one row per style and colour, a UPC per size column. */
async function heyDudeLineSheet(styles: readonly DemoStyle[]): Promise<Buffer> {
  const rows: SizeColumnsRow[] = styles.map((style) => ({
    styleNumber: style.modelCode,
    name: `${style.line.franchise} ${style.line.silhouette}`,
    colour: style.colour,
    colourCode: style.colourCode,
    gender: "Unisex",
    rrp: style.line.msrp,
    wholesale: halfPrice(style.line.msrp),
    delivery: new Date(Date.UTC(2027, 2, 1)),
    image: null,
    material: style.line.material ?? null,
    codes: heyDude.sizes.map((size) => style.sizes.find((entry) => entry.size === size)?.upc ?? null),
  }));
  return writeSheetsXlsx(
    sizeColumnsSheets(rows, { brand: "Hey Dude", season: "Spring", year: 2027, sizeHeaders: heyDude.sizes }),
  );
}

/** The Skechers export of these styles: one row per SKU, semicolons, decimal commas, Windows-1252. */
function skechersCsv(styles: readonly DemoStyle[]): Buffer {
  const rows: SkuRow[] = styles.flatMap((style) =>
    style.sizes.map(({ size, upc }) => ({
      style: style.modelCode,
      description: `${style.line.franchise} ${style.line.silhouette}`,
      color: style.colour,
      size,
      upc,
      msrp: style.line.msrp,
      shipDate: "2027-02-15",
    })),
  );
  return writeSemicolonCsv(semicolonCsvTable(rows, "Skechers"));
}

/** Pandora's jewellery list: one-size items, the sheet named with the season (no pictures in the demo). */
async function pandoraList(count: number): Promise<Buffer> {
  const table = oneSizeLineListTable({ styles: count, season: "Spring", year: 2027 });
  const imageColumn = table.rows[0]!.indexOf("Image URL");
  const rows = table.rows.map((row, index) =>
    index === 0 ? row : row.map((cell, column) => (column === imageColumn ? null : cell)),
  );
  return writeSheetsXlsx([{ ...table, rows }]);
}

export interface DemoBrandUpload {
  brandName: string;
  /** The line list's name. */
  name: string;
  description: string;
  type: Exclude<LineListType, "update">;
  sentOn: string;
  dateOfAvailability?: string;
  /** The season the dialog sends, for a file read with the brand's saved mapping. */
  season?: { season: string; year: number };
  /** The file as the brand sent it; its name suggests the season where the sheet's does not. */
  fileName: string;
  file: () => Promise<Buffer> | Buffer;
  /**
   * What the person picks in "Map columns" for a field the engine's guess left without a column
   * (Pandora's "Item No" is no header the engine knows for the style number).
   */
  choices?: Partial<Record<"model_code" | "sku" | "size", string>>;
}

/**
 * The other brands' published line lists, in the order they are uploaded: with Crocs' own, they
 * make open-stock, brand-ats and future-stock orders possible, and multibrand ones.
 */
export function demoBrandUploads(): DemoBrandUpload[] {
  const heyDudeStyles = brandStyles(heyDude, 810_000_000_000, 15);
  const skechersStyles = brandStyles(skechers, 195_000_000_000, 15);
  return [
    {
      brandName: "Skechers",
      name: "Skechers Core Own Stock",
      description: "Skechers styles in our warehouse",
      type: "own-stock",
      sentOn: "2025-11-03",
      fileName: "Skechers SS27 own stock.csv",
      file: () => skechersCsv(skechersStyles.slice(0, 12)),
    },
    {
      brandName: "Skechers",
      name: "Skechers Available To Sell",
      description: "What Skechers has available to sell this season",
      type: "brand-ats",
      sentOn: "2025-11-10",
      fileName: "Skechers SS27 ATS.csv",
      file: () => skechersCsv(skechersStyles.slice(5, 15)),
    },
    {
      brandName: "Hey Dude",
      name: "Hey Dude Core Own Stock",
      description: "Hey Dude styles in our warehouse",
      type: "own-stock",
      sentOn: "2025-11-03",
      fileName: "Hey Dude SS27 line sheet.xlsx",
      file: () => heyDudeLineSheet(heyDudeStyles.slice(0, 12)),
    },
    {
      brandName: "Hey Dude",
      name: "Hey Dude Summer 2027 Future Stock",
      description: "Hey Dude styles arriving for summer 2027",
      type: "future-stock",
      sentOn: "2025-11-10",
      dateOfAvailability: "2027-05-01",
      season: { season: "Summer", year: 2027 },
      fileName: "Hey Dude SS27 future stock.xlsx",
      file: () => heyDudeLineSheet(heyDudeStyles.slice(3, 15)),
    },
    {
      brandName: "Pandora",
      name: "Pandora Core Own Stock",
      description: "Pandora jewellery in our warehouse",
      type: "own-stock",
      sentOn: "2025-11-03",
      fileName: "Pandora Spring 2027.xlsx",
      file: () => pandoraList(18),
      choices: { model_code: "Item No" },
    },
  ];
}

/**
 * A store of the demo's own in a temporary folder, for the files it sends through the real path:
 * generated here, there is nothing to keep of them in the data folder's storage (whose uploads a
 * backup counts). `remove` deletes the folder.
 */
export async function temporaryObjectStore(): Promise<{
  store: LocalObjectStore;
  remove: () => Promise<void>;
}> {
  const root = await mkdtemp(path.join(os.tmpdir(), "cm-demo-uploads-"));
  const store = new LocalObjectStore({ root, signingKey: randomBytes(32), publicUrl: "http://127.0.0.1" });
  await store.init();
  return { store, remove: () => rm(root, { recursive: true, force: true }) };
}

/**
 * Uploads the demo's files through the real path, one line list at a time (each step is the
 * service the API runs, in its own transaction). The files are stored in a temporary store of
 * their own (`temporaryObjectStore`), not in the data folder's.
 */
export class DemoUploader {
  readonly #db: Database;
  readonly #log: FastifyBaseLogger;
  #store: Awaited<ReturnType<typeof temporaryObjectStore>> | undefined;

  constructor(db: Database) {
    this.#db = db;
    this.#log = pino({ level: "warn" }) as FastifyBaseLogger;
  }

  async #objectStore(): Promise<LocalObjectStore> {
    this.#store ??= await temporaryObjectStore();
    return this.#store.store;
  }

  /**
   * Stores the file, inspects it, processes it with the proposed mapping (none when the brand's
   * saved one matches), saves the preview, sorts every style into catalogs with `segment` and
   * publishes them. Answers the saved line list's id.
   */
  async upload(
    brand: { id: number; name: string },
    upload: DemoBrandUpload,
    segment: (modelCodes: string[]) => Partial<Record<CatalogType, string[]>>,
  ): Promise<number> {
    const store = await this.#objectStore();
    const extension = workbookExtension(upload.fileName);
    if (!extension) throw new Error(`${upload.fileName}: not a line list file name`);
    const bytes = await upload.file();
    const key = newUploadKey(extension);
    await store.write(key, Readable.from([bytes]), bytes.length);
    const deps = { db: this.#db, store, log: this.#log };

    const inspection = await inspectUpload(deps, { key, fileName: upload.fileName, brandId: brand.id });
    if (!inspection.ok)
      throw new Error(`${upload.fileName} was refused: ${JSON.stringify(inspection.errors)}`);
    const { data } = inspection;
    let mapping: LineListMapping | undefined;
    if (data.status !== "matches") {
      mapping = { ...data.mapping, fields: { ...data.mapping.fields } };
      // The season the step asks for when the sheet's name does not say it: the one it suggests.
      if (!data.seasonFromSheet && !mapping.season) mapping.season = data.suggestedSeason;
      for (const [field, column] of Object.entries(upload.choices ?? {}) as [
        keyof typeof mapping.fields,
        string,
      ][]) {
        if (mapping.fields[field] !== undefined) continue;
        (mapping.fields as Record<string, string>)[field] = column;
        mapping.attributes = mapping.attributes.filter((attribute) => attribute.column !== column);
      }
    }

    const outcome = await processLineList(
      deps,
      {
        brand: brand.name,
        brandId: brand.id,
        type: upload.type,
        fileName: upload.fileName,
        key,
        action: "new",
        name: upload.name,
        description: upload.description,
        linelist_attributes: {
          sentOn: upload.sentOn,
          ...(upload.dateOfAvailability ? { dateOfAvailability: upload.dateOfAvailability } : {}),
          ...(upload.season ?? {}),
        },
        ...(mapping ? { mapping } : {}),
      },
      null,
    );
    if (!outcome.ok) throw new Error(`${upload.fileName} was refused: ${JSON.stringify(outcome.errors)}`);
    const { lineListId } = outcome;
    await confirmPreview(this.#db, lineListId, null);

    const modelCodes = (
      await this.#db
        .select({ modelCode: products.modelCode })
        .from(lineListItems)
        .innerJoin(products, eq(products.id, lineListItems.productId))
        .where(eq(lineListItems.lineListId, lineListId))
        .orderBy(asc(lineListItems.position), asc(lineListItems.id))
    ).map((row) => row.modelCode);
    const changes: ItemPlacementChange[] = Object.entries(segment(modelCodes)).flatMap(([type, codes]) =>
      (codes ?? []).map((modelCode) => ({
        modelCode,
        originCatalogType: "unsorted" as const,
        targetCatalogType: type as CatalogType,
      })),
    );
    if (changes.length > 0)
      await applyPlacementChanges(
        this.#db,
        describePlacementChanges("add", lineListId, changes),
        undefined,
        null,
      );
    await saveCatalogs(this.#db, { lineListId }, undefined, null);
    await publishCatalog(this.#db, { lineListId }, undefined, null);
    return lineListId;
  }

  /** Removes the temporary store. */
  async close(): Promise<void> {
    await this.#store?.remove();
    this.#store = undefined;
  }
}
