import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { isDateFormat } from "./number-formats.ts";

describe("the streaming reader's date formats", () => {
  it("are told as SheetJS tells them", () => {
    const formats = [
      ...Object.values(XLSX.SSF.get_table() as Record<string, string>),
      "yyyy-mm-dd",
      "yyyy\\-mm\\-dd;@",
      "YYYY\\-MM\\-DD",
      "[$-409]mmm d, yyyy",
      "[$-F800]dddd\\,\\ mmmm\\ dd\\,\\ yyyy",
      "dd/mm/yyyy hh:mm",
      "[h]:mm:ss",
      "[mm]:ss",
      "[Red][<0]0.00;0.00",
      "[$$-409]#,##0.00;[RED]\\-[$$-409]#,##0.00",
      '"$"#,##0.00',
      '#,##0.00 "EUR"',
      '"date:" 0',
      "0.00%",
      "0.00E+00",
      "# ?/?",
      "@",
      "General",
      "GENERAL",
      "general;@",
      "Gen",
      "d.m",
      "d\\.m",
      "A/P",
      "am/pm",
      "B1yyyy",
      "b2mm",
      '_(* #,##0_);_(* (#,##0);_(* "-"_);_(@_)',
      "0_);\\(0\\)",
      "*-0",
      "??/??",
      "12 3",
      "上午/下午 h:mm",
      "",
    ];
    for (const format of formats)
      expect([format, isDateFormat(format)]).toEqual([format, XLSX.SSF.is_date(format)]);
  });
});
