import { lineListFormatMessages } from "@cm/contracts/line-list-workbook";
import { InvalidError } from "../../lib/errors.ts";
import { crocsParser } from "./crocs-parser.ts";
import type { LineListParser } from "./line-list-parser.ts";

/** Brands whose line lists can be uploaded. Crocs is the only one today (SPEC.md section 5). */
const parsers: readonly LineListParser[] = [crocsParser];

/** 400 with the spec's message: the brand has no line list format the server can read. */
export class NoParserFoundError extends InvalidError {
  constructor(brandName: string) {
    super(lineListFormatMessages.noParserFound(brandName));
  }
}

/** The parser for a brand's line lists: Crocs for any brand name containing "crocs", in any case. */
export function getParser(brandName: string): LineListParser {
  const parser = parsers.find((candidate) => candidate.handlesBrand(brandName));
  if (!parser) throw new NoParserFoundError(brandName);
  return parser;
}

/** The parser with this id, as the parse worker receives it. */
export function getParserById(id: string): LineListParser | undefined {
  return parsers.find((parser) => parser.id === id);
}
