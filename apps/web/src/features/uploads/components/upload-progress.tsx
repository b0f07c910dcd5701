import { CheckIcon, CircleIcon, LoaderCircleIcon } from "lucide-react";
import {
  type UploadStatus,
  uploadProgress,
  uploadSteps,
} from "@/features/uploads/hooks/use-upload-line-list";
import { cn } from "@/lib/utils";

/** Step 3: where the upload is, as a bar and a list of steps with their percentages. */
export function UploadProgress({ status }: { status: UploadStatus }) {
  const progress = uploadProgress[status];
  const current = uploadSteps.findIndex((step) => step.status === status);
  const currentLabel = uploadSteps[current]?.label ?? "Starting";
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium" aria-live="polite">
            {currentLabel}…
          </span>
          <span className="text-muted-foreground tabular-nums">{progress}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${currentLabel}, ${progress}%`}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-500 motion-reduce:transition-none"
            style={{ width: `${progress}%` }}
          />
        </div>
      </div>
      <ol className="flex flex-col gap-2" aria-label="Upload steps">
        {uploadSteps.map((step, index) => {
          const state =
            current === -1 || index > current
              ? "pending"
              : index < current || status === "done"
                ? "done"
                : "active";
          return (
            <li
              key={step.status}
              data-state={state}
              aria-current={state === "active" ? "step" : undefined}
              className={cn(
                "flex items-center gap-3 text-sm",
                state === "pending" && "text-muted-foreground",
                state === "active" && "font-medium",
              )}
            >
              <span className="flex size-5 items-center justify-center">
                {state === "done" ? (
                  <CheckIcon aria-hidden="true" className="size-4 text-emerald-700" />
                ) : state === "active" ? (
                  <LoaderCircleIcon
                    aria-hidden="true"
                    className="size-4 animate-spin text-primary motion-reduce:animate-none"
                  />
                ) : (
                  <CircleIcon aria-hidden="true" className="size-3" />
                )}
              </span>
              <span className="flex-1">
                {step.label}
                <span className="sr-only">
                  {state === "done" ? " (done)" : state === "active" ? " (in progress)" : ""}
                </span>
              </span>
              <span className="text-muted-foreground tabular-nums">{uploadProgress[step.status]}%</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
