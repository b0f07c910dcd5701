import type { FieldErrors } from "@cm/contracts/envelope";
import { brandMessages } from "@cm/contracts/brands";
import { genericMessages } from "@cm/contracts/messages";
import {
  addSizeLabels,
  findSizePlace,
  readSizeLabel,
  scaleSystems,
  sizeStepKey,
  sizeStepLabel,
  sizeSystemLabels,
  sizeWidthOrder,
  type SizeScale,
  type SizeStep,
  type SizeSystem,
} from "@cm/contracts/size-scales";
import {
  sizeScaleMessages,
  type SizeScaleList,
  type SizeScaleUpdate,
  type SizeScaleView,
} from "@cm/contracts/size-scales-api";
import type { Database, DbExecutor, Tx } from "../../db/client.ts";
import { changedFields } from "../../lib/entity-write.ts";
import { ConflictError, InvalidError, NotFoundError } from "../../lib/errors.ts";
import { recordHistory } from "../../lib/history.ts";
import {
  findBrandLabels,
  findBrandName,
  findBrandScales,
  findBrandsWithUnplacedLabels,
  hasUnplacedLabels,
  insertFirstScale,
  insertLabels,
  updateScale,
  writeLabelPlaces,
  type LabelPlaceRow,
  type SizeLabelRow,
  type SizeScaleRow,
} from "./repository.ts";

/*
 * Size scales (docs/line-list-format.md, "Size scales"): a brand's scales, where each label its
 * products use sits in them (`size_scale_labels`, which every list of sizes is ordered by), and
 * the labels placed as they come.
 */

/** A step's order among the brand's steps: its scale's rank times this, plus its index. */
const stepsPerScale = 10_000;

const scaleOf = (row: SizeScaleRow): SizeScale => ({
  name: row.name,
  systems: row.systems,
  widths: row.widths,
  steps: row.steps,
});

interface PlacedScale {
  id: number;
  scale: SizeScale;
}

/** Where each label sits in the brand's scales (the first that has its step); null where none. */
function placeLabels(scales: readonly PlacedScale[], labels: readonly string[]): LabelPlaceRow[] {
  return labels.map((label) => {
    for (const [rank, { id, scale }] of scales.entries()) {
      const place = findSizePlace(scale, label);
      if (!place) continue;
      return {
        label,
        scaleId: id,
        stepOrder: rank * stepsPerScale + place.step,
        stepLabel: sizeStepLabel(scale.steps[place.step]!, scale.systems),
        width: place.width === "" ? null : place.width,
        widthOrder: sizeWidthOrder(scale.widths, place.width),
      };
    }
    return { label, scaleId: null, stepOrder: null, stepLabel: null, width: null, widthOrder: null };
  });
}

/** The scale a new label goes into: the first that uses the label's system, else the first. */
function scaleFor(scales: readonly PlacedScale[], label: string): PlacedScale {
  const read = readSizeLabel(label);
  const system = read.ok ? read.size.system : undefined;
  return scales.find(({ scale }) => system !== undefined && scale.systems.includes(system)) ?? scales[0]!;
}

/** A brand's first scale is named after it. */
const firstScaleName = (brandName: string) => `${brandName} sizes`;

/**
 * Places the labels the brand's products use that its scales lack, inside the caller's
 * transaction: each is added to a scale where `compareSizes` orders it (a brand without a scale
 * gets one), and every label's place is written again, since a new step moves the ones after it.
 * The database notes the labels of every product size written (migration 0021), so callers
 * saving products need not pass them; `labels` adds others (a mapping's labels before any
 * product has them). Cheap when nothing is new: one lookup.
 */
export async function recordSizesInScale(
  tx: Tx,
  brandId: number,
  labels: readonly string[] = [],
): Promise<void> {
  await insertLabels(tx, brandId, labels);
  if (!(await hasUnplacedLabels(tx, brandId))) return;
  let rows = await findBrandScales(tx, brandId, { lock: true });
  if (rows.length === 0) {
    const brandName = await findBrandName(tx, brandId);
    if (brandName === undefined) return;
    await insertFirstScale(tx, brandId, firstScaleName(brandName));
    rows = await findBrandScales(tx, brandId, { lock: true });
  }
  const labelRows = await findBrandLabels(tx, brandId);
  await placeBrandLabels(
    tx,
    brandId,
    rows.map((row) => ({ id: row.id, scale: scaleOf(row) })),
    labelRows,
  );
}

/** Adds the labels no scale places to a scale each, then writes every label's place. */
async function placeBrandLabels(
  tx: Tx,
  brandId: number,
  scales: PlacedScale[],
  labelRows: readonly SizeLabelRow[],
): Promise<void> {
  const labels = labelRows.map((row) => row.label);
  const missing = new Map<PlacedScale, string[]>();
  for (const place of placeLabels(scales, labels)) {
    if (place.scaleId !== null) continue;
    const target = scaleFor(scales, place.label);
    missing.set(target, [...(missing.get(target) ?? []), place.label]);
  }
  for (const [target, added] of missing) {
    target.scale = addSizeLabels(target.scale, added);
    await updateScale(tx, target.id, {
      name: target.scale.name,
      systems: [...target.scale.systems],
      widths: [...target.scale.widths],
      steps: [...target.scale.steps],
    });
  }
  await writeLabelPlaces(tx, brandId, placeLabels(scales, labels));
}

/**
 * At start: places the labels written without `recordSizesInScale` (the first start after
 * migration 0021, which lists every existing label; seeds, item edits). One transaction a brand.
 */
export async function placeNewSizeLabels(db: Database): Promise<void> {
  for (const brandId of await findBrandsWithUnplacedLabels(db)) {
    await db.transaction((tx) => recordSizesInScale(tx, brandId));
  }
}

function toView(row: SizeScaleRow, rank: number, labelRows: readonly SizeLabelRow[]): SizeScaleView {
  const labels = labelRows
    .filter((label) => label.scaleId === row.id)
    .sort(
      (a, b) =>
        (a.stepOrder ?? 0) - (b.stepOrder ?? 0) ||
        (a.widthOrder ?? 0) - (b.widthOrder ?? 0) ||
        (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
    )
    .map((label) => ({
      label: label.label,
      step: label.stepOrder === null ? null : label.stepOrder - rank * stepsPerScale,
      width: label.width,
    }));
  return {
    id: row.id,
    brandId: row.brandId,
    name: row.name,
    systems: row.systems,
    widths: row.widths,
    steps: row.steps,
    labels,
    _revision: row.revision,
  };
}

/** `GET /api/brands/{brandId}/size-scales`. */
export async function listSizeScales(db: DbExecutor, brandId: number): Promise<SizeScaleList> {
  if ((await findBrandName(db, brandId)) === undefined) throw new NotFoundError(brandMessages.notFound);
  const rows = await findBrandScales(db, brandId);
  const labelRows = await findBrandLabels(db, brandId);
  return {
    scales: rows.map((row, rank) => toView(row, rank, labelRows)),
    unplaced: labelRows
      .filter((label) => label.scaleId === null)
      .map((label) => label.label)
      .sort(),
  };
}

/** Each step's labels must read in their system, without a width, and name no other step's size. */
function checkSteps(steps: readonly SizeStep[]): void {
  const fieldErrors: FieldErrors = {};
  const add = (field: string, message: string) => (fieldErrors[field] ??= []).push(message);
  const seen = new Map<string, number>();
  steps.forEach((step, index) => {
    const entries = Object.entries(step.labels) as [SizeSystem, string][];
    if (entries.length === 0 && step.asWritten === undefined)
      add(`steps.${index}`, sizeScaleMessages.stepEmpty);
    for (const [system, label] of entries) {
      const read = readSizeLabel(label);
      const field = `steps.${index}.labels.${system}`;
      if (!read.ok || read.size.system !== system) {
        add(field, sizeScaleMessages.labelNotInSystem(label, sizeSystemLabels[system]));
      } else if (read.size.width !== undefined) {
        add(field, sizeScaleMessages.labelWithWidth(label));
      }
    }
    const written = [
      ...entries.map(([, label]) => label),
      ...(step.asWritten === undefined ? [] : [step.asWritten]),
    ];
    for (const label of written) {
      const key = sizeStepKey(label);
      const other = seen.get(key);
      if (other !== undefined && other !== index) add(`steps.${index}`, sizeScaleMessages.stepTwice(label));
      seen.set(key, index);
    }
  });
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first !== undefined) throw new InvalidError(first, fieldErrors);
}

const stepText = (step: SizeStep) =>
  [...Object.values(step.labels), ...(step.asWritten === undefined ? [] : [step.asWritten])].join(" / ");
const historyFields = (scale: SizeScale) => ({
  sizeScaleName: scale.name,
  sizeScaleSteps: scale.steps.map(stepText),
  sizeScaleWidths: [...scale.widths],
});

/**
 * `PUT /api/brands/{brandId}/size-scales/{scaleId}`: renames the scale, rearranges and relabels
 * its steps, orders its widths. A step or width that products use cannot go (400); labels then
 * take their new places and one history entry of the brand says what changed.
 */
export async function updateSizeScale(
  db: Database,
  params: { brandId: number; scaleId: number },
  input: SizeScaleUpdate,
  expectedRevision: number | undefined,
  actorUserId: number | null,
): Promise<SizeScaleView> {
  checkSteps(input.steps);
  return db.transaction(async (tx) => {
    const rows = await findBrandScales(tx, params.brandId, { lock: true });
    const index = rows.findIndex((row) => row.id === params.scaleId);
    const current = rows[index];
    if (!current) throw new NotFoundError(sizeScaleMessages.notFound);
    if (expectedRevision !== undefined && current.revision !== expectedRevision) {
      throw new ConflictError(genericMessages.staleRevision);
    }
    if (rows.some((row) => row.id !== current.id && row.name === input.name)) {
      throw new ConflictError(sizeScaleMessages.nameTaken);
    }
    const next: SizeScale = {
      name: input.name,
      steps: input.steps,
      widths: input.widths,
      systems: scaleSystems(input.steps),
    };
    const scales = rows.map((row) => ({ id: row.id, scale: row.id === current.id ? next : scaleOf(row) }));
    const labelRows = await findBrandLabels(tx, params.brandId);
    const places = new Map(
      placeLabels(
        scales,
        labelRows.map((row) => row.label),
      ).map((place) => [place.label, place]),
    );
    const ours = labelRows.filter((row) => row.scaleId === current.id);
    const lost = ours.filter((row) => places.get(row.label)?.scaleId === null).map((row) => row.label);
    if (lost.length > 0)
      throw new InvalidError(sizeScaleMessages.stepsInUse(lost), {
        steps: [sizeScaleMessages.stepsInUse(lost)],
      });
    const widthsLost = [
      ...new Set(
        ours
          .map((row) => places.get(row.label))
          .filter(
            (place) =>
              place?.scaleId === current.id && place.width !== null && !next.widths.includes(place.width),
          )
          .map((place) => place!.width!),
      ),
    ];
    if (widthsLost.length > 0) {
      const message = sizeScaleMessages.widthsInUse(widthsLost);
      throw new InvalidError(message, { widths: [message] });
    }

    const written = await updateScale(tx, current.id, {
      name: next.name,
      systems: [...next.systems],
      widths: [...next.widths],
      steps: [...next.steps],
    });
    await placeBrandLabels(tx, params.brandId, scales, labelRows);
    const changes = changedFields(historyFields(scaleOf(current)), historyFields(next));
    if (changes.length > 0) {
      await recordHistory(tx, [
        {
          actorUserId,
          entityType: "brand",
          entityId: params.brandId,
          entityLabel: (await findBrandName(tx, params.brandId)) ?? "",
          action: "update",
          changes,
          summary: sizeScaleMessages.historySummary(next.name),
        },
      ]);
    }
    const after = await findBrandScales(tx, params.brandId);
    const row = after.find((scale) => scale.id === current.id) ?? written;
    return toView(row, index, await findBrandLabels(tx, params.brandId));
  });
}
