import type { DroppedStyle, PreviewStyleRow } from "@cm/contracts/line-list-preview";
import type {
  PreviewChoicesData,
  PreviewChoicesInput,
  PreviewChoiceTotals,
  ReviewField,
} from "@cm/contracts/line-list-review";

/** One click of the review: what the person chose, with the row it was chosen on where it has one. */
export type PreviewChoice =
  | { kind: "cell"; row: PreviewStyleRow; field: ReviewField; keep: boolean }
  | { kind: "style"; row: PreviewStyleRow; keep: boolean }
  | { kind: "newStyle"; row: PreviewStyleRow; leaveOut: boolean }
  | { kind: "column"; field: ReviewField; keep: boolean }
  | { kind: "newStyles"; leaveOut: boolean }
  | { kind: "dropped"; styles: readonly DroppedStyle[]; remove: boolean }
  | { kind: "takeAll" };

/** The contract's limit of model codes in one dropped choice. */
const droppedPerRequest = 5000;

/** The request bodies of a choice (a dropped choice over more styles than one request takes is split). */
export function choiceInputs(choice: PreviewChoice): PreviewChoicesInput[] {
  switch (choice.kind) {
    case "cell":
      return [
        {
          styles: [
            { id: choice.row.id, ...(choice.keep ? { keep: [choice.field] } : { take: [choice.field] }) },
          ],
        },
      ];
    case "style":
      return [{ styles: [{ id: choice.row.id, keepStyle: choice.keep }] }];
    case "newStyle":
      return [{ styles: [{ id: choice.row.id, leaveOut: choice.leaveOut }] }];
    case "column":
      return [{ column: { field: choice.field, keep: choice.keep } }];
    case "newStyles":
      return [{ newStyles: { leaveOut: choice.leaveOut } }];
    case "dropped": {
      const inputs: PreviewChoicesInput[] = [];
      for (let start = 0; start < choice.styles.length; start += droppedPerRequest) {
        const modelCodes = choice.styles
          .slice(start, start + droppedPerRequest)
          .map((style) => style.model_code);
        inputs.push({ dropped: { modelCodes, remove: choice.remove } });
      }
      return inputs;
    }
    case "takeAll":
      return [{ takeAll: true }];
  }
}

/** A choice made in this visit of the screen; the newest (highest `seq`) that applies wins. */
interface Mark {
  value: boolean;
  seq: number;
}

function newest(...marks: (Mark | undefined)[]): Mark | undefined {
  let best: Mark | undefined;
  for (const mark of marks) if (mark && (!best || mark.seq > best.seq)) best = mark;
  return best;
}

/** Sets `key` to `mark`; the returned function puts back what was there, unless a newer choice replaced it. */
function setMark<K>(map: Map<K, Mark>, key: K, mark: Mark): () => void {
  const before = map.get(key);
  map.set(key, mark);
  return () => {
    if (map.get(key) !== mark) return;
    if (before) map.set(key, before);
    else map.delete(key);
  };
}

export interface PreviewChoicesStoreOptions {
  send: (input: PreviewChoicesInput) => Promise<PreviewChoicesData>;
  /** The server's totals after the last choice sent: the screen keeps them with the preview. */
  onAnswer?: (data: PreviewChoicesData) => void;
  /** A choice was refused: it is taken back here; the screen says so and reads the totals again. */
  onFailure?: (error: unknown) => void;
}

/**
 * The review's choices as the screen shows them: what the server said when the rows were read,
 * with every choice made since laid over it at once, so a click shows before its answer (the
 * preview's rows, thousands of them, are never rewritten). Each row subscribes to its own state
 * (`rowKey`), so a click renders only the rows it changes. Choices go to the server one after
 * another, in the order made; the totals are worked out at once and replaced by the server's when
 * the last answer arrives.
 */
export class PreviewChoicesStore {
  readonly #options: PreviewChoicesStoreOptions;
  #seq = 0;
  readonly #cells = new Map<string, Mark>();
  readonly #styles = new Map<number, Mark>();
  readonly #columns = new Map<ReviewField, Mark>();
  readonly #newStyle = new Map<number, Mark>();
  readonly #dropped = new Map<string, Mark>();
  /** Single choices over the whole upload: "Leave out every new style", "Take all". */
  readonly #whole = new Map<"newStyles" | "takeAll", Mark>();
  #totals: PreviewChoiceTotals | null = null;
  #pending = 0;
  #version = 0;
  #queue: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Set<() => void>();

  constructor(options: PreviewChoicesStoreOptions) {
    this.#options = options;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #emit() {
    this.#version += 1;
    for (const listener of this.#listeners) listener();
  }

  /** Whether the changed `field` of `row` keeps its old value. */
  isKept(row: PreviewStyleRow, field: ReviewField): boolean {
    const mark = newest(
      this.#cells.get(`${row.id}:${field}`),
      this.#styles.get(row.id),
      this.#columns.get(field),
      this.#whole.get("takeAll"),
    );
    return mark ? mark.value : row.kept.includes(field);
  }

  keptFields(row: PreviewStyleRow): ReviewField[] {
    if (row.status !== "changed") return [];
    return row.changedFields.filter((field) => this.isKept(row, field));
  }

  isLeftOut(row: PreviewStyleRow): boolean {
    if (row.status !== "new") return false;
    const mark = newest(this.#newStyle.get(row.id), this.#whole.get("newStyles"), this.#whole.get("takeAll"));
    return mark ? mark.value : row.leftOut;
  }

  isRemoved(style: DroppedStyle): boolean {
    const mark = newest(this.#dropped.get(style.model_code), this.#whole.get("takeAll"));
    return mark ? mark.value : style.remove;
  }

  /** A row's choices as one string: it changes only when the row shows something else. */
  rowKey(row: PreviewStyleRow): string {
    return `${this.keptFields(row).join(",")}|${this.isLeftOut(row) ? "out" : "in"}`;
  }

  get totals(): PreviewChoiceTotals | null {
    return this.#totals;
  }

  get pending(): number {
    return this.#pending;
  }

  /** Grows with every change of what the screen shows. */
  get version(): number {
    return this.#version;
  }

  getTotals = (): PreviewChoiceTotals | null => this.#totals;
  getPending = (): number => this.#pending;

  /** The totals the server gave with the preview; ignored while choices are on their way. */
  adoptServerTotals(totals: PreviewChoiceTotals | null) {
    if (!totals || this.#pending > 0 || totals === this.#totals) return;
    this.#totals = totals;
    this.#emit();
  }

  /** Resolves once every choice made so far has been answered. */
  settled(): Promise<void> {
    return this.#queue.then(() => undefined);
  }

  choose(choice: PreviewChoice) {
    const inputs = choiceInputs(choice);
    if (inputs.length === 0) return;
    const totals = this.#totals ? this.#nextTotals(this.#totals, choice) : null;
    const undo = this.#mark(choice);
    if (totals) this.#totals = totals;
    for (const input of inputs) this.#send(input, undo);
    this.#emit();
  }

  #send(input: PreviewChoicesInput, undo: () => void) {
    this.#pending += 1;
    const answer = this.#queue.then(() => this.#options.send(input));
    this.#queue = answer.catch(() => undefined);
    answer.then(
      (data) => {
        this.#pending -= 1;
        if (this.#pending === 0) {
          this.#totals = data.choices;
          this.#options.onAnswer?.(data);
        }
        this.#emit();
      },
      (error: unknown) => {
        this.#pending -= 1;
        undo();
        this.#options.onFailure?.(error);
        this.#emit();
      },
    );
  }

  /** Lays the choice over the rows; returns what takes it back. */
  #mark(choice: PreviewChoice): () => void {
    this.#seq += 1;
    const seq = this.#seq;
    switch (choice.kind) {
      case "cell":
        return setMark(this.#cells, `${choice.row.id}:${choice.field}`, { value: choice.keep, seq });
      case "style":
        return setMark(this.#styles, choice.row.id, { value: choice.keep, seq });
      case "newStyle":
        return setMark(this.#newStyle, choice.row.id, { value: choice.leaveOut, seq });
      case "column":
        return setMark(this.#columns, choice.field, { value: choice.keep, seq });
      case "newStyles":
        return setMark(this.#whole, "newStyles", { value: choice.leaveOut, seq });
      case "dropped": {
        const undos = choice.styles.map((style) =>
          setMark(this.#dropped, style.model_code, { value: choice.remove, seq }),
        );
        return () => undos.forEach((undo) => undo());
      }
      case "takeAll":
        return setMark(this.#whole, "takeAll", { value: false, seq });
    }
  }

  /** The totals once the choice is made, as far as the rows at hand tell (a column waits for the server). */
  #nextTotals(totals: PreviewChoiceTotals, choice: PreviewChoice): PreviewChoiceTotals {
    const next = { ...totals, keptColumns: [...totals.keptColumns] };
    const dropColumns = (fields: readonly ReviewField[]) => {
      next.keptColumns = next.keptColumns.filter((field) => !fields.includes(field));
    };
    switch (choice.kind) {
      case "cell":
      case "style": {
        const { row } = choice;
        if (row.status !== "changed" || row.changedFields.length === 0) return totals;
        const before = this.keptFields(row).length;
        const fields = choice.kind === "cell" ? [choice.field] : row.changedFields;
        const after =
          choice.kind === "cell"
            ? before + (choice.keep ? 1 : 0) - (this.isKept(row, choice.field) ? 1 : 0)
            : choice.keep
              ? row.changedFields.length
              : 0;
        const all = row.changedFields.length;
        next.changesKept += after - before;
        next.changesTaken -= after - before;
        next.stylesKept += (after === all ? 1 : 0) - (before === all ? 1 : 0);
        if (after < before) dropColumns(fields);
        return next;
      }
      case "newStyle": {
        if (choice.row.status !== "new" || this.isLeftOut(choice.row) === choice.leaveOut) return totals;
        const step = choice.leaveOut ? 1 : -1;
        next.newStylesLeftOut += step;
        next.newStylesTaken -= step;
        return next;
      }
      case "column":
        dropColumns([choice.field]);
        if (choice.keep) next.keptColumns.push(choice.field);
        return next;
      case "newStyles": {
        const all = totals.newStylesTaken + totals.newStylesLeftOut;
        next.newStylesLeftOut = choice.leaveOut ? all : 0;
        next.newStylesTaken = choice.leaveOut ? 0 : all;
        return next;
      }
      case "dropped": {
        const flips = choice.styles.filter((style) => this.isRemoved(style) !== choice.remove).length;
        const step = choice.remove ? flips : -flips;
        next.droppedRemoved += step;
        next.droppedKept -= step;
        return next;
      }
      case "takeAll":
        return {
          changesTaken: totals.changesTaken + totals.changesKept,
          changesKept: 0,
          stylesKept: 0,
          newStylesTaken: totals.newStylesTaken + totals.newStylesLeftOut,
          newStylesLeftOut: 0,
          droppedRemoved: 0,
          droppedKept: totals.droppedKept + totals.droppedRemoved,
          keptColumns: [],
        };
    }
  }
}
