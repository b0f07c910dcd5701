import { CircleAlertIcon, DownloadIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { downloadErrorReport } from "@/features/uploads/utils/error-report";
import { rowErrorText, type UploadFailure } from "@/features/uploads/utils/upload-failure";

const listedInView = 10;

/** After a refused upload: what went wrong, the first errors, and every error as a CSV report. */
export function UploadFailureView({
  failure,
  fileName,
}: {
  failure: UploadFailure;
  fileName: string | undefined;
}) {
  const listed = failure.rowErrors.slice(0, listedInView);
  const more = failure.errorCount - listed.length;
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="destructive">
        <CircleAlertIcon aria-hidden="true" />
        <AlertTitle>{fileName ? `${fileName} was not uploaded` : "The file was not uploaded"}</AlertTitle>
        <AlertDescription>{failure.message}</AlertDescription>
      </Alert>
      {listed.length > 0 ? (
        <div className="flex flex-col gap-2">
          <ul
            aria-label="Errors in the workbook"
            className="max-h-[200px] overflow-auto rounded-md border text-sm"
            tabIndex={0}
          >
            {listed.map((error, index) => (
              <li key={index} className="border-b px-3 py-1.5 last:border-b-0">
                {rowErrorText(error)}
              </li>
            ))}
          </ul>
          {more > 0 ? (
            <p className="text-sm text-muted-foreground">
              …and {more.toLocaleString("en-US")} more. The error report lists every one.
            </p>
          ) : null}
          <Button
            variant="outline"
            className="self-start"
            onClick={() => downloadErrorReport(failure.rowErrors, fileName)}
          >
            <DownloadIcon aria-hidden="true" />
            Download error report
          </Button>
        </div>
      ) : null}
    </div>
  );
}
