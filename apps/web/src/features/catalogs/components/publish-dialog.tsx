import {
  catalogAudienceMessages,
  catalogMessages,
  defaultCatalogAudience,
  type CatalogAudience,
  type CatalogType,
} from "@cm/contracts/catalogs";
import { catalogTabLabels } from "@cm/contracts/catalog-segmentation";
import type { LineListWithCatalogs } from "@cm/contracts/line-lists";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { AudienceCheckboxes } from "@/features/catalogs/components/audience-checkboxes";

export interface PublishChoice {
  audiences: Partial<Record<CatalogType, CatalogAudience>>;
  /** An ISO instant when scheduled; absent to publish now. */
  publishAt?: string;
}

/** What the dialog needs of a line list: its name, schedule, and catalogs with their audiences. */
export type PublishTarget = Pick<LineListWithCatalogs, "id" | "name" | "publishAt" | "catalogs">;

export interface PublishDialogProps {
  /** Null while the line list's catalogs load. */
  lineList: PublishTarget | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onSubmit: (choice: PublishChoice) => void;
}

/** `YYYY-MM-DDTHH:mm` of a local time, as a datetime-local input reads and writes it. */
function toLocalInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The publish dialog: each catalog's audience (Good, Better, Best; the catalog's own, all three by
 * default; at least one), and when: now, or a date and time in the future ("Schedule"). The
 * dialog's body is mounted afresh for each line list, so it starts from that line list's audiences.
 */
export function PublishDialog({ lineList, open, onOpenChange, pending, onSubmit }: PublishDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-lg">
        {lineList ? (
          <PublishForm
            key={lineList.id}
            lineList={lineList}
            pending={pending}
            onCancel={() => onOpenChange(false)}
            onSubmit={onSubmit}
          />
        ) : (
          <DialogHeader>
            <DialogTitle>Publish catalogs</DialogTitle>
            <DialogDescription role="status">Loading the catalogs…</DialogDescription>
            <Skeleton className="h-32 w-full" aria-hidden="true" />
          </DialogHeader>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PublishForm({
  lineList,
  pending,
  onCancel,
  onSubmit,
}: {
  lineList: PublishTarget;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (choice: PublishChoice) => void;
}) {
  const id = useId();
  const [audiences, setAudiences] = useState<Partial<Record<CatalogType, CatalogAudience>>>(() =>
    Object.fromEntries(
      lineList.catalogs.map((catalog) => [
        catalog.type,
        catalog.audience.length > 0 ? catalog.audience : [...defaultCatalogAudience],
      ]),
    ),
  );
  const [when, setWhen] = useState<"now" | "schedule">(lineList.publishAt ? "schedule" : "now");
  const [publishAt, setPublishAt] = useState(() =>
    lineList.publishAt ? toLocalInput(new Date(lineList.publishAt)) : "",
  );
  // Checked when sent (the time passes while the dialog is open), then shown until changed.
  const [timeError, setTimeError] = useState<string>();
  const [earliest] = useState(() => toLocalInput(new Date()));
  const audienceMissing = Object.values(audiences).some((audience) => audience.length === 0);

  function scheduleError(at: Date | undefined): string | undefined {
    if (!at || Number.isNaN(at.getTime())) return "Choose a date and time";
    return at.getTime() <= Date.now() ? catalogAudienceMessages.publishAtPast : undefined;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (audienceMissing) return;
    if (when === "now") return onSubmit({ audiences });
    const at = publishAt ? new Date(publishAt) : undefined;
    const error = scheduleError(at);
    setTimeError(error);
    if (!error) onSubmit({ audiences, publishAt: at!.toISOString() });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{`Publish ${lineList.name}?`}</DialogTitle>
        <DialogDescription>{catalogMessages.publishConfirm}</DialogDescription>
      </DialogHeader>

      {lineList.catalogs.length > 0 ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">Who sees each catalog, by the store's segmentation:</p>
          {lineList.catalogs.map((catalog) => (
            <AudienceCheckboxes
              key={catalog.type}
              legend={catalogTabLabels[catalog.type]}
              hint={`${catalog.itemsCount.toLocaleString("en-US")} item${catalog.itemsCount === 1 ? "" : "s"}`}
              value={audiences[catalog.type] ?? []}
              disabled={pending}
              onChange={(audience) => setAudiences((current) => ({ ...current, [catalog.type]: audience }))}
            />
          ))}
        </div>
      ) : null}

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">When</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {(
            [
              ["now", "Publish now"],
              ["schedule", "Schedule"],
            ] as const
          ).map(([value, label]) => (
            <Label key={value} className="font-normal">
              <input
                type="radio"
                name={`${id}-when`}
                value={value}
                checked={when === value}
                disabled={pending}
                onChange={() => setWhen(value)}
                className="size-4 accent-primary"
              />
              {label}
            </Label>
          ))}
        </div>
        {when === "schedule" ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-at`}>Publication date and time</Label>
            <Input
              id={`${id}-at`}
              type="datetime-local"
              value={publishAt}
              min={earliest}
              disabled={pending}
              onChange={(event) => {
                setPublishAt(event.target.value);
                setTimeError(undefined);
              }}
              aria-invalid={timeError !== undefined || undefined}
              aria-describedby={timeError ? `${id}-at-error` : undefined}
              className="w-fit"
            />
            {timeError ? (
              <p id={`${id}-at-error`} className="text-sm text-destructive">
                {timeError}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || audienceMissing}>
          {when === "schedule"
            ? pending
              ? "Scheduling..."
              : "Schedule"
            : pending
              ? "Publishing..."
              : "Publish"}
        </Button>
      </DialogFooter>
    </form>
  );
}
