import * as XLSX from "@e965/xlsx";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultWorkbookLimits } from "../workbook-reader.ts";
import { excelStyles, expectDeclined, expectSameAsSheetJs, ns, rawWorkbook } from "./sheetjs-comparison.ts";

// Cells as nearly every writer writes them (`<c r="AB12" s="3" t="s"><v>123</v></c>`, `<c r="A1"
// s="2"/>`) are read in place by a fast path; anything else falls back to the general reading, cell
// by cell. These sheets put every near miss of the fast path next to plain cells, so a cell read
// by either path, and the column counter it leaves for the cells without a reference after it,
// are compared with SheetJS.

// Shared strings as nearly every writer writes them, also read in place: preserved spaces,
// entities, escapes, UTF-8 text, an empty text, line breaks and spaces around items, a phonetic
// property after the text.
const plainSharedStrings = `<sst ${ns} count="9" uniqueCount="9"><si><t>Model Code</t></si><si><t xml:space="preserve">  padded  </t></si>
  <si><t>A &amp; B &lt;c&gt; &quot;q&quot; &#x41; &#10;x</t></si>
<si>
  <t>line one_x000D_\r\nline two</t>
</si><si><t>Ünïcödé — 日本 😀</t></si><si><t></t></si><si><t>7</t><phoneticPr fontId="1"/></si><si><t>10001-001</t></si><si><t>2027-03-15</t></si></sst>`;

const cellRows = (rows: string[]) => rows.join("");
const boundarySheet = (rows: string[]) =>
  `<worksheet ${ns} xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"><sheetData>${cellRows(rows)}</sheetData></worksheet>`;

const boundaryRows = [
  // Attribute orders, t="n", styles with and without a date format.
  '<row r="1"><c r="A1" s="1" t="s"><v>0</v></c><c t="s" r="B1"><v>1</v></c><c s="2" r="C1"><v>46461</v></c><c t="n" s="3" r="D1"><v>46461.75</v></c><c r="E1" t="n"><v>-12.50</v></c><c s="4" t="s" r="F1"><v>7</v></c><c r="G1" s="6" t="n"><v>46461</v></c><c r="H1" s="01"><v>46461</v></c><c r="I1" s="9"><v>46461</v></c><c r="J1" s="0"><v>46461</v></c><c r="K1" s="1"><v>60</v></c><c r="L1" s="1"><v>60.5</v></c><c r="M1" s="1"><v>-1</v></c></row>',
  // Near misses in the tag: another attribute, single quotes, spaces, capitals, a line break.
  `<row r="2"><c r="A2" s="1" cm="1"><v>46461</v></c><c r="B2" vm="1" t="s"><v>2</v></c><c r='C2' t='s'><v>3</v></c><c  r="D2"><v>1</v></c><c r = "E2"><v>2</v></c><c r="F2" ><v>3</v></c><c r="G2"> <v>4</v></c><c r="H2"><v> 5</v></c><c r="I2"><v>6 </v></c><c r="J2"><v>7</v> </c><c r="K2" S="1"><v>46461</v></c><c r="L2" T="s"><v>4</v></c><c r="M2"\n t="s"><v>5</v></c><c r="N2" s="2" t="s" s="1"><v>6</v></c><c r="O2" t=""><v>8</v></c><c r="P2" s=""><v>9</v></c></row>`,
  // Near misses in the value: entities and escapes, empty values, empty cells of every type.
  '<row r="3"><c r="A3"><v>1&#46;5</v></c><c r="B3" t="s"><v>&#49;</v></c><c r="C3" t="s"><v>_x0032_</v></c><c r="D3" t="s"><v></v></c><c r="E3"><v></v></c><c r="F3" s="1"/><c r="G3" t="s"/><c r="H3" t="n" s="2"/><c r="I3" t="str"/><c r="J3" t="b"/><c r="K3" t="e"/><c r="L3" t="inlineStr"/><c r="M3"></c><c r="N3" s="2"></c><c r="O3" t="s"><v>007</v></c><c r="P3" t="s"><v>8</v></c></row>',
  // References without digits, in lower case, with other characters, duplicated, in capitals:
  // each leaves its own column counter for the cell without a reference after it.
  '<row r="4"><c r="K" s="1"/><c><v>3</v></c><c r="a4"/><c s="2"><v>4</v></c><c r="A4B"><v>5</v></c><c><v>6</v></c><c r="$H$4"><v>7</v></c><c><v>8</v></c><c r="J04"><v>9</v></c><c R="K4"><v>10</v></c><c><v>11</v></c><c r="M4" r="N4"><v>12</v></c><c><v>13</v></c><c r="A0"/><c><v>14</v></c></row>',
  // Cells without a reference after cells with one, and the reverse.
  '<row r="5"><c r="B5"><v>1</v></c><c><v>2</v></c><c t="s"><v>0</v></c><c s="1"><v>46461</v></c><c r="H5"/><c><v>5</v></c><c/><c><v>6</v></c><c><v>7</v></c><c r="Z5" t="s"><v>3</v></c></row>',
  // Spaces and line breaks between cells, a piece that is not a cell, formulas, a cell not closed.
  `<row r="6">\n  <c r="A6" t="s"><v>0</v></c>\n  <c r="B6"><v>2</v></c>\t<c r="C6"><v>3</v></c><cfoo/>  <c r="D6"><v>4</v><f>1+3</f></c><c r="E6"><f>1+4</f><v>5</v></c><c r="F6"><v>6</v><c r="G6"><v>7</v></c>\r\n<c r="H6" t="s"><v>1</v></c>  </row>`,
  // Numbers as parseFloat reads them: signs, exponents, leading zeros, 15 and more digits.
  `<row r="7">${[
    "0",
    "-0",
    "00012",
    "1E+21",
    "1e-7",
    ".5",
    "5.",
    "+5",
    "0.30000000000000004",
    "1234567890123456789",
    "123456789012345",
    "1234567890123456",
    "-",
    "12abc",
    "0.1",
    "9007199254740993",
    "-89.99",
    "999999999999999.9",
    "4.35",
    "1.0000000000000002",
    "12345678901234.567",
    "0.12345678901234567",
    "123456789.01234567",
  ]
    .map((text, c) => `<c r="${XLSX.utils.encode_col(c)}7"><v>${text}</v></c>`)
    .join("")}</row>`,
  // Rows without a reference, with other attributes, with a reference in capitals.
  '<row><c r="A8" t="s"><v>0</v></c><c><v>1</v></c></row><row r="10" spans="1:3" x14ac:dyDescent="0.25"><c r="A10" t="s"><v>4</v></c><c r="B10" s="2"><v>46461</v></c></row><row R="12" ht="30"><c t="s"><v>5</v></c><c r="C12"><v>1</v></c></row>',
  // Text after a plain cell's end: its piece goes on to the next cell, and its reference counts.
  '<row r="14"><c s="0"><v>1</v></c> r="Q9" <c><v>2</v></c><c r="C14"><v>3</v></c>x<c><v>4</v></c><c r="E14"><v>5</v></c>bc <c r="F14"><v>6</v></c><c r="G14"/>c/<c><v>7</v></c><c s="0"><v>8</v></c>xc r="Q9" <c><v>9</v></c></row>',
  // An element before the first cell (SheetJS drops the pieces before the first that does not
  // start with "<"), a self-closing tag with a space before its ">".
  '<row r="15"><foo/><c r="A15"><v>1</v></c><c><v>2</v></c><c r="C15" s="1"/ ><c><v>3</v></c></row>',
  // Other types next to plain cells.
  '<row r="13"><c r="A13" t="str"><v>text &amp; more</v></c><c r="B13"><v>1</v></c><c r="C13" t="b"><v>1</v></c><c r="D13"><v>2</v></c><c r="E13" t="e"><v>#N/A</v></c><c r="F13"><v>3</v></c><c r="G13" t="d"><v>2027-03-15</v></c><c r="H13"><v>4</v></c><c r="I13" t="inlineStr"><is><t>inline</t></is></c><c r="J13" t="s"><v>6</v></c><c r="K13" t="inlineStr"><is><t>no end</is></c><c r="L13"><v>5</v><fooxxData>z</fooxxData></c><c r="M13"><v>6</v><xrow>1</xrow></c><c><v>7</v></c></row>',
];

describe("plain cells read in place, next to every near miss", () => {
  it("gives SheetJS's cells, dates in 1900 and 1904, with any chunk size", async () => {
    const sheet = boundarySheet(boundaryRows);
    const bytes = rawWorkbook({ sheet, sharedStrings: plainSharedStrings, styles: excelStyles });
    expect(await expectSameAsSheetJs(bytes)).toHaveProperty("grids");
    await expectSameAsSheetJs(
      rawWorkbook({
        sheet,
        sharedStrings: plainSharedStrings,
        styles: excelStyles,
        workbookPr: '<workbookPr date1904="1"/>',
      }),
    );
    // Rows past the limit are not read, and the sheet is refused, as SheetJS does.
    const refused = await expectSameAsSheetJs(bytes, 0, { ...defaultWorkbookLimits, maxDataRows: 3 });
    expect(refused).toHaveProperty("refusal");
  });

  it("each row alone, and without styles", async () => {
    for (const row of boundaryRows) {
      const sheet = boundarySheet([row]);
      await expectSameAsSheetJs(
        rawWorkbook({ sheet, sharedStrings: plainSharedStrings, styles: excelStyles }),
      );
      await expectSameAsSheetJs(rawWorkbook({ sheet, sharedStrings: plainSharedStrings }));
    }
  });

  it("declines what the general reading declines, plain or not", async () => {
    const declined = [
      // A cell without a reference in a row numbered 0, a string index past the shared strings,
      // references that make no cell (no digits, lower case), a styled number with an unknown format.
      '<row r="0"><c s="1"/></row>',
      '<row r="1"><c r="A1" t="s"><v>9</v></c><c r="B1" t="s"><v>10</v></c></row>',
      '<row r="1"><c r="A1"><v>1</v></c><c r="K"><v>1</v></c></row>',
      '<row r="1"><c r="A1"><v>1</v></c><c r="b1"><v>1</v></c></row>',
      '<row r="1"><c r="A1"><v>1</v></c><c r="B1" s="7"><v>1</v></c></row>',
    ];
    const unknownFormat = excelStyles.replace('<xf numFmtId="49"', '<xf numFmtId="99"');
    for (const row of declined) {
      await expectDeclined(
        rawWorkbook({
          sheet: boundarySheet([row]),
          sharedStrings: plainSharedStrings,
          styles: unknownFormat,
        }),
      );
    }
  });

  it("shared strings not all plain are read as before", async () => {
    const rich = plainSharedStrings.replace("<si><t>7</t>", "<si><r><t>7</t></r>");
    const sheet = boundarySheet(boundaryRows);
    await expectSameAsSheetJs(rawWorkbook({ sheet, sharedStrings: rich, styles: excelStyles }));
    const selfClosed = plainSharedStrings.replace("<si><t></t></si>", "<si><t/></si>");
    await expectSameAsSheetJs(rawWorkbook({ sheet, sharedStrings: selfClosed, styles: excelStyles }));
    const unclosed = plainSharedStrings.replace("<si><t></t></si>", "<si><t>no end</si>");
    await expectSameAsSheetJs(rawWorkbook({ sheet, sharedStrings: unclosed, styles: excelStyles }));
    // An `<si>` inside an item: taking it out makes a `</si>` of `</<si>si>`, as SheetJS reads it.
    const nested = plainSharedStrings.replace("<si><t>7</t>", "<si><t>7</t></<si>si><si><t>7b</t>");
    await expectSameAsSheetJs(rawWorkbook({ sheet, sharedStrings: nested, styles: excelStyles }));
    const nestedLast = plainSharedStrings.replace(
      "<t>2027-03-15</t></si>",
      "<t>2027-03-15</t></<si>si></si>",
    );
    const lastStrings = boundarySheet([
      '<row r="1"><c r="A1" t="s"><v>10</v></c><c r="B1" t="s"><v>8</v></c></row>',
    ]);
    await expectSameAsSheetJs(rawWorkbook({ sheet: lastStrings, sharedStrings: nestedLast }));
  });
});

// Random rows of plain cells and near misses of them (each with one thing not plain), as the fast
// path and the general reading take them in turn. What the general reading declines (a string
// index past the shared strings, a value at a reference that makes no cell, a date without text)
// is not generated: the comparison is of cells, and the declined cases are the test above.
const plainNumbers = [
  "0",
  "-0",
  "7",
  "00012",
  "46461",
  "46461.5",
  "60",
  "-1",
  "89.99",
  "-12.50",
  "0.1",
  "4.35",
];
const oddNumbers = [
  "1E+21",
  "1e-7",
  ".5",
  "5.",
  "+5",
  "1234567890123456789",
  "123456789012345",
  "12345678901234.567",
  "0.12345678901234567",
  "-",
  "12abc",
];
const fuzzValues: Record<string, { plain: string[]; odd: string[] }> = {
  s: { plain: ["0", "1", "2", "4", "9", "007"], odd: [" 3", "&#49;", "_x0032_", "3.7"] },
  n: { plain: plainNumbers, odd: oddNumbers },
  b: { plain: ["0", "1", "true"], odd: [] },
  str: { plain: ["text &amp; more", "", "x"], odd: [] },
  e: { plain: ["#N/A", "#DIV/0!", "#REF!", "#WTF?"], odd: [] },
  d: { plain: ["2027-03-15", "2027-03-15T10:20:30", "10:20"], odd: [] },
};
const nearMisses = [
  "type",
  "close",
  "no text",
  "formula",
  "formula after",
  "space",
  "odd value",
  "extra",
  "quote",
  "gap",
  "spaced equals",
  "capital",
  "junk after",
  "odd reference",
  "no-cell reference",
  "style with a leading zero",
] as const;

const fuzzCell = fc.record({
  ref: fc.constantFrom("plain", "plain", "plain", "plain", "plain", "none", "other row"),
  col: fc.integer({ min: 0, max: 30 }),
  otherRow: fc.integer({ min: 1, max: 30 }),
  s: fc.option(fc.constantFrom("0", "1", "2", "3", "4", "5", "6", "7", "8", "12"), { nil: undefined }),
  t: fc.constantFrom(undefined, undefined, "s", "s", "s", "n"),
  otherType: fc.constantFrom("b", "str", "e", "inlineStr", "d"),
  empty: fc.constantFrom(false, false, false, false, true),
  order: fc.constantFrom("rst", "rst", "rts", "srt", "str", "trs", "tsr"),
  pick: fc.nat(1000),
  between: fc.constantFrom("", "", "", "", "", "\n  ", " ", "\t"),
  miss: fc.option(fc.constantFrom(...nearMisses), { freq: 2, nil: undefined }),
});
type FuzzCell = typeof fuzzCell extends fc.Arbitrary<infer T> ? T : never;

function renderFuzzCell(cell: FuzzCell, row: number): string {
  const miss = cell.miss;
  const t = miss === "type" ? cell.otherType : cell.t;
  const kind = t ?? "n";
  let form: string = cell.empty ? "empty" : "v";
  if (
    miss === "close" ||
    miss === "no text" ||
    miss === "formula" ||
    miss === "formula after" ||
    miss === "space"
  )
    form = miss;
  // A date needs its text (SheetJS fails without it).
  if (kind === "d" && form !== "v" && form !== "formula" && form !== "formula after" && form !== "space")
    form = "v";
  // Whether the cell makes no cell (a number or a string index without text).
  const cellLess =
    (kind === "n" || kind === "s") && (form === "empty" || form === "close" || form === "no text");

  let ref: string | undefined;
  if (cell.ref === "plain") ref = `${XLSX.utils.encode_col(cell.col)}${row}`;
  else if (cell.ref === "other row") ref = `${XLSX.utils.encode_col(cell.col)}${cell.otherRow}`;
  if (miss === "odd reference") ref = ["$C$2", "A2B", "b2C", "C02", "AA0002", "A 1"][cell.pick % 6];
  if (miss === "no-cell reference" && cellLess) ref = ["K", "a4", "A0"][cell.pick % 3];
  const style = miss === "style with a leading zero" ? "01" : cell.s;

  const q = miss === "quote" ? "'" : '"';
  const equals = miss === "spaced equals" ? " = " : "=";
  const attribute = (name: string, value: string) =>
    `${miss === "capital" ? name.toUpperCase() : name}${equals}${q}${value}${q}`;
  const attributes: string[] = [];
  for (const name of cell.order) {
    if (name === "r" && ref !== undefined) attributes.push(attribute("r", ref));
    if (name === "s" && style !== undefined) attributes.push(attribute("s", style));
    if (name === "t" && t !== undefined) attributes.push(attribute("t", t));
  }
  if (miss === "extra") {
    const extra = ['cm="1"', 'vm="1"', "ph='1'", 'x14ac:foo="1"'][cell.pick % 4]!;
    attributes.splice(cell.pick % (attributes.length + 1), 0, extra);
  }
  const tag =
    attributes.length > 0
      ? `<c ${attributes.join(miss === "gap" ? ["  ", "\n"][cell.pick % 2] : " ")}`
      : "<c";

  const values = fuzzValues[kind === "inlineStr" ? "str" : kind]!;
  const choices = miss === "odd value" && values.odd.length > 0 ? values.odd : values.plain;
  const text = choices[cell.pick % choices.length]!;
  const v = kind === "inlineStr" ? `<is><t>inline ${text}</t></is>` : `<v>${text}</v>`;
  const after = miss === "junk after" ? ["x", "xc ", 'xc r="Q9" ', "<d/>"][cell.pick % 4] : cell.between;
  switch (form) {
    case "empty":
      return `${tag}/>${after}`;
    case "close":
      return `${tag}></c>${after}`;
    case "no text":
      return `${tag}>${kind === "inlineStr" ? "<is></is>" : "<v></v>"}</c>${after}`;
    case "formula":
      return `${tag}><f>1+1</f>${v}</c>${after}`;
    case "formula after":
      return `${tag}>${v}<f>1+1</f></c>${after}`;
    case "space":
      return `${tag}> ${v}</c>${after}`;
    default:
      return `${tag}>${v}</c>${after}`;
  }
}

const fuzzRow = fc.record({
  skip: fc.integer({ min: 1, max: 3 }),
  withReference: fc.constantFrom(true, true, true, true, false),
  attributes: fc.constantFrom(
    "",
    "",
    ' spans="1:14"',
    ' spans="1:14" x14ac:dyDescent="0.25"',
    ' ht="30" customHeight="1"',
  ),
  cells: fc.array(fuzzCell, { maxLength: 14 }),
});

describe("random rows of plain and near-plain cells", () => {
  it("give SheetJS's cells", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fuzzRow, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (rows, in1904) => {
          let row = 0;
          const xml = rows.map((spec) => {
            row += spec.withReference ? spec.skip : 1;
            const tag = spec.withReference ? `<row r="${row}"${spec.attributes}>` : `<row${spec.attributes}>`;
            return `${tag}${spec.cells.map((cell) => renderFuzzCell(cell, row)).join("")}</row>`;
          });
          const bytes = rawWorkbook({
            sheet: boundarySheet(xml),
            sharedStrings: plainSharedStrings,
            styles: excelStyles,
            ...(in1904 ? { workbookPr: '<workbookPr date1904="1"/>' } : {}),
          });
          expect(await expectSameAsSheetJs(bytes)).toHaveProperty("grids");
        },
      ),
      { numRuns: 150 },
    );
  });
});
