import { RotateCwIcon } from "lucide-react";
import type * as React from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { TableCell, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";

/** Placeholder rows while a table's list loads. */
export function TableLoadingRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <TableRow key={row} aria-hidden="true" className="hover:bg-transparent">
          {Array.from({ length: columns }, (_, column) => (
            <TableCell key={column}>
              <Skeleton className={column === 0 ? "h-4 w-40" : "h-4 w-24"} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/**
 * A message in a row spanning a table, centered on the part of the table in view rather than on
 * the whole of it: on a phone the columns are wider than the screen and scroll sideways, and the
 * message stays where it is seen. The table's scrolling box must be a size container
 * (`@container`), as the Table primitive's is.
 */
export function CenteredInView({ children }: { children: React.ReactNode }) {
  return <div className="sticky left-0 w-[100cqw] px-2 text-center">{children}</div>;
}

/** The one row of a table with nothing to show: the spec's empty-state text. */
export function TableEmptyRow({ colSpan, children }: { colSpan: number; children: React.ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="h-24 px-0 whitespace-normal text-muted-foreground">
        <CenteredInView>{children}</CenteredInView>
      </TableCell>
    </TableRow>
  );
}

/** A list that failed to load: the message and a way to try again. */
export function ListLoadError({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        <p>{message}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** A list or screen with nothing to show: the spec's text, what fills it and, maybe, the action that does. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
}: {
  icon?: React.ReactNode;
  title: string;
  description: string;
  action?: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-1 rounded-lg border border-dashed px-4 py-10 text-center",
        className,
      )}
    >
      {icon}
      <p className="font-medium">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{description}</p>
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}
