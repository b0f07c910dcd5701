/**
 * Thrown where SheetJS would take a path this reader does not follow: the reader then declines
 * the workbook and the caller lets SheetJS read it.
 */
export class Unsupported extends Error {}
