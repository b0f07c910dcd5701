import { itemMessages } from "@cm/contracts/line-list-preview";

/**
 * Texts the web app writes on many screens and no contract's messages hold: a button's label while
 * its action runs, and what an empty select list says (SPEC.md section 9: the same words as an
 * empty item list, whose message the contract holds).
 */
export const uiText = {
  saving: "Saving...",
  creating: "Creating...",
  deleting: "Deleting...",
  noOptions: itemMessages.noItems,
} as const;
