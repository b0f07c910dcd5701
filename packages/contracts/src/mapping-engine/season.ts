/**
 * The season and year of a line list, from its sheet name ("Spring 2027") or, as a suggestion for
 * the person mapping the file, from abbreviations in the sheet or file name ("SS27", "FW26").
 */

export type SeasonYear = { season: string; year: number };

// The Crocs rule (SPEC.md section 4): the last word is a 4-digit year, everything before it the season.
const sheetNamePattern = /^(\S.*?)\s+(\d{4})$/;

/** "Spring 2027" → Spring 2027, "Fall Winter 2028" → Fall Winter 2028; null when the name does not read so. */
export function seasonFromSheetName(name: string): SeasonYear | null {
  const match = sheetNamePattern.exec(name.trim());
  if (!match) return null;
  const [, season = "", year = ""] = match;
  return { season: season.trim(), year: Number(year) };
}

// The usual abbreviations of line sheets: SS27 is spring (and summer), FW26 and AW26 fall (and winter).
const abbreviations: Record<string, string> = {
  ss: "Spring",
  fw: "Fall",
  aw: "Fall",
  sp: "Spring",
  spr: "Spring",
  su: "Summer",
  sum: "Summer",
  fa: "Fall",
  au: "Fall",
  wi: "Winter",
  win: "Winter",
  ho: "Holiday",
  hol: "Holiday",
};
const seasonToken = String.raw`spring[\s/&-]*summer|fall[\s/&-]*winter|autumn[\s/&-]*winter|spring|summer|fall|autumn|winter|holiday|resort|s\/?s|f\/?w|a\/?w|spr?|su|sum|fa|au|wi|win|ho|hol`;
// A season then a year ("SS27", "Spring 2027", "FW'26"), or a year then a season ("2027 Spring").
const seasonThenYear = new RegExp(
  String.raw`(?:^|[^a-z])(${seasonToken})[\s'’-]*((?:20)?\d{2})(?![\d])`,
  "i",
);
const yearThenSeason = new RegExp(String.raw`(?:^|\D)(20\d{2})[\s'’-]*(${seasonToken})(?![a-z])`, "i");

/** Abbreviations spelled out; season words kept as written, capitalised ("fall winter" → "Fall Winter"). */
function seasonName(token: string): string | null {
  const letters = token.toLowerCase().replace(/\//g, "");
  const abbreviation = abbreviations[letters];
  if (abbreviation) return abbreviation;
  const words = token
    .toLowerCase()
    .split(/[\s/&-]+/)
    .filter(Boolean);
  if (!words.every((word) => /^(?:spring|summer|fall|autumn|winter|holiday|resort)$/.test(word))) return null;
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(" ");
}

function fromText(text: string): SeasonYear | null {
  const cleaned = text.replace(/\.[a-z0-9]{2,4}$/i, "").replace(/[_.]+/g, " ");
  const forward = seasonThenYear.exec(cleaned);
  if (forward) {
    const season = seasonName(forward[1] ?? "");
    const digits = forward[2] ?? "";
    if (season) return { season, year: digits.length === 2 ? 2000 + Number(digits) : Number(digits) };
  }
  const backward = yearThenSeason.exec(cleaned);
  if (backward) {
    const season = seasonName(backward[2] ?? "");
    if (season) return { season, year: Number(backward[1]) };
  }
  return null;
}

/**
 * The season and year the sheet name says ("Spring 2027"), else what its abbreviations or the
 * file name's suggest: "SS27 Line Sheet" → Spring 2027, "FW26" → Fall 2026, "Crocs_Fall_Winter_2026.xlsx" → Fall Winter 2026;
 * null when neither says.
 */
export function suggestSeason(sheetName: string, fileName: string): SeasonYear | null {
  const fromSheet = seasonFromSheetName(sheetName);
  if (fromSheet && seasonName(fromSheet.season) !== null) return fromSheet;
  return fromText(sheetName) ?? fromText(fileName) ?? fromSheet;
}
