import { previewMessages } from "@cm/contracts/line-list-preview";
import {
  reviewMessages,
  type PreviewChoicesData,
  type PreviewChoicesInput,
} from "@cm/contracts/line-list-review";
import type { Database } from "../../db/client.ts";
import { ConflictError, InvalidError, NotFoundError } from "../../lib/errors.ts";
import { findItemsThatMustStay, findLineListById } from "../line-lists/repository.ts";
import { choiceTotals, findDroppedStyles } from "./compare.repository.ts";
import {
  chooseColumn,
  chooseDropped,
  chooseNewStyles,
  chooseStyles,
  findStagedStylesOf,
  resetChoices,
} from "./choices.repository.ts";
import { findPendingUpload } from "./repository.ts";

/**
 * The review of an upload waiting in preview (issue 33, docs/line-list-saves.md): the choices a
 * person makes are kept with the staged upload (they survive a reload, and go with it), each kind
 * one set-based statement whatever the number of styles. Applied in this order: take all, the
 * column, every new style, the styles one by one, the dropped styles. Answers the totals.
 */
export async function applyPreviewChoices(
  db: Database,
  lineListId: number,
  input: PreviewChoicesInput,
): Promise<PreviewChoicesData> {
  return db.transaction(async (tx) => {
    const lineList = await findLineListById(tx, lineListId);
    if (!lineList) throw new NotFoundError(previewMessages.lineListNotFound);
    // Locked: a save of the same upload waits for the choices, or the choices for the save.
    const upload = await findPendingUpload(tx, lineListId, { lock: true });
    if (!upload) throw new NotFoundError(previewMessages.noPreview);

    if (input.takeAll) await resetChoices(tx, upload.id);
    if (input.column) await chooseColumn(tx, upload.id, input.column.field, input.column.keep);
    if (input.newStyles) await chooseNewStyles(tx, upload.id, lineList.brandId, input.newStyles.leaveOut);

    if (input.styles && input.styles.length > 0) {
      const ids = [...new Set(input.styles.map((style) => style.id))];
      const found = await findStagedStylesOf(tx, upload.id, lineList.brandId, ids);
      const foundIds = new Set(found.map((style) => style.id));
      const missing = ids.filter((id) => !foundIds.has(id));
      if (missing.length > 0) throw new InvalidError(reviewMessages.stylesNotInUpload(missing));
      const leavingOut = new Set(
        input.styles.filter((style) => style.leaveOut === true).map((style) => style.id),
      );
      const existing = found.filter((style) => style.existing && leavingOut.has(style.id));
      if (existing.length > 0) {
        throw new InvalidError(reviewMessages.onlyNewLeftOut(existing.map((style) => style.model_code)));
      }
      await chooseStyles(tx, upload.id, input.styles);
    }

    if (input.dropped) {
      const codes = [...new Set(input.dropped.modelCodes)];
      const dropped = new Set(
        (await findDroppedStyles(tx, lineListId, upload.id)).map((row) => row.model_code),
      );
      const notDropped = codes.filter((code) => !dropped.has(code));
      if (notDropped.length > 0) throw new InvalidError(reviewMessages.notDropped(notDropped));
      if (input.dropped.remove) {
        const mustStay = await findItemsThatMustStay(tx, lineListId, codes);
        if (mustStay.length > 0) throw new ConflictError(reviewMessages.cannotRemove(mustStay));
      }
      await chooseDropped(tx, upload.id, codes, input.dropped.remove);
    }

    const { choices } = await choiceTotals(tx, upload, lineList.brandId);
    return { choices };
  });
}
