import type { DroppedStyle, PreviewStyleRow, PreviewSummary } from "@cm/contracts/line-list-preview";
import {
  type PreviewChoiceTotals,
  previewChoiceTotalsSchema,
  type PreviewReach,
  previewReachSchema,
  type ReviewField,
} from "@cm/contracts/line-list-review";
import { z } from "zod";

/*
 * The review fields the server adds to the preview (docs/line-list-saves.md): each row's `kept`
 * fields and `leftOut`, each dropped style's `remove`, the summary's `choices` and `reach`. Read
 * here whether or not the preview's schemas list them yet: absent, nothing is chosen.
 */

type WithReview<T, Extra> = T & Partial<Extra>;

export type ReviewRow = WithReview<PreviewStyleRow, { kept: ReviewField[]; leftOut: boolean }>;

/** The fields whose old value the style keeps, as the server last said. */
export function rowKept(row: PreviewStyleRow): readonly ReviewField[] {
  return (row as ReviewRow).kept ?? [];
}

/** A new style the server was told to leave out. */
export function rowLeftOut(row: PreviewStyleRow): boolean {
  return (row as ReviewRow).leftOut ?? false;
}

/** A style missing from the file that Save removes from the line list. */
export function droppedRemoved(style: DroppedStyle): boolean {
  return (style as WithReview<DroppedStyle, { remove: boolean }>).remove ?? false;
}

/** What Save will do with the choices made; null while the server does not say. */
export function summaryChoices(summary: PreviewSummary): PreviewChoiceTotals | null {
  const parsed = previewChoiceTotalsSchema.safeParse((summary as { choices?: unknown }).choices);
  return parsed.success ? parsed.data : null;
}

const reachListSchema = z.array(previewReachSchema);

/** The other line lists the save would change; null while the server does not say. */
export function summaryReach(summary: PreviewSummary): PreviewReach[] | null {
  const parsed = reachListSchema.safeParse((summary as { reach?: unknown }).reach);
  return parsed.success ? parsed.data : null;
}
