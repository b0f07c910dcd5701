import {
  type AddItemsInput,
  type CatalogItem,
  catalogTabLabels,
  type MoveItemsInput,
  type PlaceItemsToInput,
  type RemoveItemsInput,
  segmentationMessages,
} from "@cm/contracts/catalog-segmentation";
import { type CatalogType, type ItemPlacement, unsortedCatalogType } from "@cm/contracts/catalogs";

/** The write that carries out a move, copy, removal or add, with the toasts it ends in. */
export type PlacementRequest =
  | { operation: "add-items"; input: AddItemsInput }
  | { operation: "add-items-to"; input: PlaceItemsToInput }
  | { operation: "copy-items-to"; input: PlaceItemsToInput }
  | { operation: "move-items"; input: MoveItemsInput }
  | { operation: "remove-items"; input: RemoveItemsInput };

export interface PlacementPlan {
  request: PlacementRequest;
  /** How many items the write names, for the toast. */
  count: number;
  successMessage: string;
  failureMessage: string;
}

/** A plan, or why there is nothing to send (the spec's drop messages). */
export type PlanOutcome = { ok: true; plan: PlacementPlan } | { ok: false; message: string };

export interface TransferInput {
  lineListId: number;
  modelCodes: readonly string[];
  origin: ItemPlacement;
  target: ItemPlacement;
}

/**
 * A drop on a tab or "Move to…": a move from unsorted is an add to the target, a move to
 * unsorted takes the items out of the catalog they came from, and otherwise the items leave
 * their origin for the target.
 */
export function planMove({ lineListId, modelCodes, origin, target }: TransferInput): PlanOutcome {
  if (modelCodes.length === 0) return { ok: false, message: segmentationMessages.noItemsToMove };
  if (origin === target) return { ok: false, message: segmentationMessages.sameCategory };
  const count = modelCodes.length;
  if (origin === unsortedCatalogType) {
    const targetType = target as CatalogType;
    return {
      ok: true,
      plan: {
        request: {
          operation: "add-items-to",
          input: {
            lineListId,
            modelCodes: [...modelCodes],
            originCatalogType: origin,
            targetCatalogType: targetType,
          },
        },
        count,
        successMessage: segmentationMessages.itemsAddedFromUnsorted(catalogTabLabels[targetType]),
        failureMessage: segmentationMessages.moveFailed,
      },
    };
  }
  if (target === unsortedCatalogType) return planRemove({ lineListId, modelCodes, origin });
  return {
    ok: true,
    plan: {
      request: {
        operation: "move-items",
        input: {
          lineListId,
          moveItems: modelCodes.map((modelCode) => ({
            modelCode,
            originCatalogType: origin,
            targetCatalogType: target,
          })),
        },
      },
      count,
      successMessage: segmentationMessages.itemsMoved(count, catalogTabLabels[target]),
      failureMessage: segmentationMessages.moveFailed,
    },
  };
}

/** "Copy to…": the items join the target and stay where they are. */
export function planCopy({
  lineListId,
  modelCodes,
  origin,
  target,
}: TransferInput & { target: CatalogType }): PlanOutcome {
  if (modelCodes.length === 0) return { ok: false, message: segmentationMessages.noItemsToMove };
  if (origin === target) return { ok: false, message: segmentationMessages.sameCategory };
  const count = modelCodes.length;
  return {
    ok: true,
    plan: {
      request: {
        operation: "copy-items-to",
        input: {
          lineListId,
          modelCodes: [...modelCodes],
          originCatalogType: origin,
          targetCatalogType: target,
        },
      },
      count,
      successMessage: segmentationMessages.itemsCopied(count, catalogTabLabels[target]),
      failureMessage: segmentationMessages.copyFailed,
    },
  };
}

/** "Remove": out of this catalog, back to unsorted when in no other. Unsorted items have nothing to leave. */
export function planRemove({ lineListId, modelCodes, origin }: Omit<TransferInput, "target">): PlanOutcome {
  if (modelCodes.length === 0) return { ok: false, message: segmentationMessages.noItemsToMove };
  if (origin === unsortedCatalogType) return { ok: false, message: segmentationMessages.noCatalogSelected };
  return {
    ok: true,
    plan: {
      request: {
        operation: "remove-items",
        input: { lineListId, modelCodes: [...modelCodes], catalogType: origin },
      },
      count: modelCodes.length,
      successMessage: segmentationMessages.itemsRemoved,
      failureMessage: segmentationMessages.removeFailed,
    },
  };
}

export interface AddItemChoice {
  modelCode: string;
  /** Where the item is taken from: the add-items dialog's filter, or where the item is now. */
  origin: ItemPlacement;
}

/** The add-items dialog's filter: every item, or those of one place. */
export type SourceFilter = "all" | ItemPlacement;

/** Where an item added from the dialog comes from: the filtered place, else where it is now. */
export function itemOrigin(item: CatalogItem, filter: SourceFilter): ItemPlacement {
  if (filter !== "all") return filter;
  return item.catalogTypes[0] ?? unsortedCatalogType;
}

/** The add-items dialog: the chosen items join the tab's catalog, each named with its origin. */
export function planAdd(
  lineListId: number,
  target: CatalogType,
  choices: readonly AddItemChoice[],
): PlanOutcome {
  if (choices.length === 0) return { ok: false, message: segmentationMessages.noItemsToMove };
  const fromUnsorted = choices.every((choice) => choice.origin === unsortedCatalogType);
  return {
    ok: true,
    plan: {
      request: {
        operation: "add-items",
        input: {
          lineListId,
          addItems: choices.map((choice) => ({
            modelCode: choice.modelCode,
            originCatalogType: choice.origin,
            targetCatalogType: target,
          })),
        },
      },
      count: choices.length,
      successMessage: fromUnsorted
        ? segmentationMessages.itemsAddedFromUnsorted(catalogTabLabels[target])
        : segmentationMessages.itemsAddedToCatalog(target),
      failureMessage: segmentationMessages.addFailed,
    },
  };
}
