import * as XLSX from "@e965/xlsx";
import { answerSheetPreviewRequest, type SheetPreviewRequest } from "./sheet-preview-parse";

/**
 * The upload dialog's first-rows preview, off the page's thread: reading even 15 rows makes
 * SheetJS inflate the whole sheet and its shared strings (about 0.5 s for a 5,000-style workbook,
 * several seconds without `sheetRows`), which would freeze the dialog. One request at a time, in
 * order; SheetJS is part of this worker's own bundle, fetched when the dialog opens.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SheetPreviewRequest>) => void) | null;
  postMessage: (message: unknown) => void;
};

scope.onmessage = (event) => {
  void answerSheetPreviewRequest(XLSX, event.data).then((response) => scope.postMessage(response));
};
