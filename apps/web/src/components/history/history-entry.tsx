import { type HistoryEntry, historyActionVerbs } from "@cm/contracts/history";
import type * as React from "react";
import { Link } from "react-router";
import { LineListSaveEntryAction } from "@/components/history/line-list-save-entry-action";
import { Skeleton } from "@/components/ui/skeleton";
import {
  formatExactTime,
  formatTimeAgo,
  type HistoryChangeLine,
  historyActorName,
  historyChangeLines,
  noValue,
} from "@/lib/history";

/** Longer values (an order's lines, a long description) are cut here; the tooltip holds them whole. */
const maxValueLength = 160;

function HistoryValue({ text, className }: { text: string; className?: string }) {
  const cut = text.length > maxValueLength ? `${text.slice(0, maxValueLength - 1)}…` : text;
  return (
    <span className={className} title={cut === text ? undefined : text}>
      {cut}
    </span>
  );
}

/** "Name: Crocs → Crocs Inc"; what a creation set has no before: "Name: Crocs". */
function HistoryChangeItem({ line, entry }: { line: HistoryChangeLine; entry: HistoryEntry }) {
  return (
    <li className="break-words">
      <span className="text-muted-foreground">{line.label}:</span>{" "}
      {entry.action === "create" && line.before === noValue ? null : (
        <>
          <HistoryValue text={line.before} className="text-muted-foreground line-through" /> →{" "}
        </>
      )}
      <HistoryValue text={line.after} className="font-medium" />
    </li>
  );
}

function HistoryChangeList({ entry }: { entry: HistoryEntry }) {
  return (
    <ul className="flex flex-col gap-0.5 text-sm">
      {entry.changes
        .flatMap((change) => historyChangeLines(change, entry))
        .map((line) => (
          <HistoryChangeItem key={line.key} line={line} entry={entry} />
        ))}
    </ul>
  );
}

/**
 * One change as a sentence, "Ana Diaz published the Athletic catalog of Crocs Spring 2027 · 3 min
 * ago" (the exact time on hover), then each changed field before → after (a creation's or a
 * deletion's fields folded) and the summary.
 */
export function HistoryEntryItem({
  entry,
  entityHref,
  before,
  action = <LineListSaveEntryAction entry={entry} />,
}: {
  entry: HistoryEntry;
  /** The entity's screen, when it still exists and the user may open it. */
  entityHref?: string;
  /** Shown ahead of the sentence (the Activity page's entity type). */
  before?: React.ReactNode;
  /**
   * What the person can do about the change, under it: by default "Undo this save" on a line
   * list's entry that recorded a save (nothing on others); null for none.
   */
  action?: React.ReactNode;
}) {
  return (
    <li className="flex flex-col gap-1.5 px-4 py-3">
      <p className="text-sm">
        {before}
        <span className="font-medium">{historyActorName(entry)}</span> {historyActionVerbs[entry.action]}{" "}
        {entityHref ? (
          <Link
            to={entityHref}
            className="font-medium underline decoration-muted-foreground/40 underline-offset-4 hover:decoration-foreground focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            {entry.entityLabel}
          </Link>
        ) : (
          <span className="font-medium">{entry.entityLabel}</span>
        )}{" "}
        <span className="whitespace-nowrap text-muted-foreground">
          {"· "}
          <time dateTime={entry.at} title={formatExactTime(entry.at)} className="tabular-nums">
            {formatTimeAgo(entry.at)}
          </time>
        </span>
      </p>
      {entry.changes.length > 0 &&
        (entry.action === "create" || entry.action === "delete" ? (
          // What a creation set or a deletion removed is all of the entity: there when asked for.
          <details className="text-sm">
            <summary className="w-fit cursor-pointer text-muted-foreground hover:text-foreground">
              {entry.changes.length === 1 ? "1 field" : `${entry.changes.length} fields`}
            </summary>
            <HistoryChangeList entry={entry} />
          </details>
        ) : (
          <HistoryChangeList entry={entry} />
        ))}
      {entry.summary && <p className="text-sm text-muted-foreground">{entry.summary}</p>}
      {action}
    </li>
  );
}

/** Placeholder entries while a history loads. */
export function HistoryLoadingEntries({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div className="rounded-lg border">
      <span role="status" className="sr-only">
        {label}
      </span>
      <ul aria-hidden="true" className="divide-y">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index} className="flex flex-col gap-2 px-4 py-3">
            <Skeleton className="h-4 w-3/4 max-w-md" />
            <Skeleton className="h-3 w-1/2 max-w-xs" />
          </li>
        ))}
      </ul>
    </div>
  );
}
