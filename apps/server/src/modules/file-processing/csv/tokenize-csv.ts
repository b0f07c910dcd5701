/**
 * The CSV tokenizer. Written here rather than taken from a library: the only CSV parser in
 * node_modules (fast-csv, a dev dependency of ExcelJS) is stream-based and asynchronous, while the
 * reader holds the whole decoded file already, needs to stop after a few records to detect the
 * delimiter, and must refuse an unclosed quote instead of swallowing the rest of the file. RFC
 * 4180 quoting fits in a small state machine.
 */

export type CsvDelimiter = "," | ";" | "\t";

const quote = 0x22;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/** A quoted field that runs to the end of the text. `record` is its record's 1-based number. */
export class UnclosedQuoteError extends Error {
  readonly record: number;

  constructor(record: number) {
    super(`Unclosed quote in record ${record}`);
    this.record = record;
    this.name = "UnclosedQuoteError";
  }
}

/**
 * Calls `onRecord` with the fields of each record of `text`, in order, until it returns false.
 * Records end at CRLF, LF or a lone CR; a line break after the last record adds no empty record.
 * A field that starts with a double quote is quoted: it runs to the next lone quote, may hold the
 * delimiter and line breaks, and a doubled quote in it is one quote. Text after its closing quote
 * is kept as written (as Excel does); a quote inside an unquoted field is an ordinary character.
 */
export function tokenizeCsv(
  text: string,
  delimiter: CsvDelimiter,
  onRecord: (fields: string[], record: number) => boolean | void,
): void {
  const separator = delimiter.charCodeAt(0);
  const length = text.length;
  const isFieldEnd = (code: number) => code === separator || code === lineFeed || code === carriageReturn;
  let position = 0;
  let record = 1;
  let fields: string[] = [];

  for (;;) {
    let value: string;
    if (text.charCodeAt(position) === quote) {
      value = "";
      let start = position + 1;
      for (;;) {
        const closing = text.indexOf('"', start);
        if (closing === -1) throw new UnclosedQuoteError(record);
        if (text.charCodeAt(closing + 1) === quote) {
          value += text.slice(start, closing + 1);
          start = closing + 2;
        } else {
          value += text.slice(start, closing);
          position = closing + 1;
          break;
        }
      }
      const rest = position;
      while (position < length && !isFieldEnd(text.charCodeAt(position))) position += 1;
      if (position > rest) value += text.slice(rest, position);
    } else {
      const start = position;
      while (position < length && !isFieldEnd(text.charCodeAt(position))) position += 1;
      value = text.slice(start, position);
    }
    fields.push(value);

    if (position < length && text.charCodeAt(position) === separator) {
      position += 1;
      continue;
    }
    if (onRecord(fields, record) === false) return;
    if (position >= length) return;
    position +=
      text.charCodeAt(position) === carriageReturn && text.charCodeAt(position + 1) === lineFeed ? 2 : 1;
    if (position >= length) return;
    fields = [];
    record += 1;
  }
}
