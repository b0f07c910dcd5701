/*
 * Where things sit in an order form, shared by the writer and the reader
 * (packages/contracts/src/order-forms.ts holds the sheet names, marker and version). The form is
 * the first sheet: a header block, then one row per style (per style and width, when sizes have
 * widths) and one column per size step, in the brand's scale order. The hidden
 * sheet `_refs` holds the marker and version, the line list's id, the header row, and one row per
 * quantity cell: its address, SKU, style and size. An import reads only the cells `_refs` names,
 * after checking that each still sits on its style's row and under its size's header, so a form
 * whose rows were sorted or whose columns moved is refused rather than read into wrong SKUs.
 */

/**
 * The header block's rows for the customer and the store: the label in column A, the name in B
 * (written when the form is downloaded for a store, else left for the customer to fill in).
 */
export const namedLabels = { customer: "Customer", store: "Store" } as const;

/** The columns of a style's row before its sizes. */
export const styleColumns = ["Model Code", "Name", "Color", "MSRP", "WHS"] as const;
export const firstSizeColumn = styleColumns.length;
/**
 * The same when the styles' sizes have widths: the size columns are the scale's steps, and a
 * style has one row per width it comes in, named in this column (blank for no width).
 */
export const styleColumnsWithWidth = ["Model Code", "Name", "Color", "Width", "MSRP", "WHS"] as const;

/**
 * The header of `_refs`' table of quantity cells. `Column` is the header the cell sits under when
 * it is not the size itself (the step "8" of the size "8 W"); forms written before it have none.
 */
export const refsHeader = ["Cell", "SKU", "Model Code", "Size", "Column"] as const;

/** `_refs` rows (0-based): marker and version, line list id, form sheet, header row, then the table. */
export const refsRow = { marker: 0, lineListId: 1, sheet: 2, headerRow: 3, tableHeader: 5 } as const;
