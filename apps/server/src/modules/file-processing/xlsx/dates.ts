// Dates, as SheetJS makes them: from a serial number in a date format, or from a date cell's text.

const dayMs = 24 * 60 * 60 * 1000;
const epoch1899 = Date.UTC(1899, 11, 30, 0, 0, 0);
const epoch1899Next = Date.UTC(1899, 11, 31, 0, 0, 0);
const epoch1904 = Date.UTC(1904, 0, 1, 0, 0, 0);

/** numdate: a serial number as a Date (1900 leap-year bug included); day 60 stays a number. */
export function serialToDate(v: number): Date | number {
  if (v >= 60 && v < 61) return v;
  return new Date((v > 60 ? v : v + 1) * dayMs + epoch1899);
}

const timeOnly = /^(\d+):(\d+)(:\d+)?(\.\d+)?$/;
const dateOnly = /^(\d+)-(\d+)-(\d+)$/;
const dateTime = /^(\d+)-(\d+)-(\d+)[T ](\d+):(\d+)(:\d+)?(\.\d+)?$/;

/** parseDate: an ISO text as a UTC date. */
export function parseIsoDate(str: string, date1904: boolean): Date {
  let m = timeOnly.exec(str);
  if (m) {
    return new Date(
      (date1904 ? epoch1904 : epoch1899Next) +
        ((parseInt(m[1]!, 10) * 60 + parseInt(m[2]!, 10)) * 60 + (m[3] ? parseInt(m[3].slice(1), 10) : 0)) *
          1000 +
        (m[4] ? parseInt(`${m[4]}000`.slice(1, 4), 10) : 0),
    );
  }
  m = dateOnly.exec(str);
  if (m) return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, 0, 0, 0, 0));
  m = dateTime.exec(str);
  if (m) {
    return new Date(
      Date.UTC(
        +m[1]!,
        +m[2]! - 1,
        +m[3]!,
        +m[4]!,
        +m[5]!,
        (m[6] && parseInt(m[6].slice(1), 10)) || 0,
        (m[7] && parseInt(`${m[7]}0000`.slice(1, 4), 10)) || 0,
      ),
    );
  }
  return new Date(str);
}
