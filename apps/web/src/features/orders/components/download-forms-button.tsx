import { Button } from "@/components/ui/button";

/** Download Forms: pick a published line list and get its XLSX order form. */
export function DownloadFormsButton() {
  return (
    <Button type="button" variant="outline" disabled>
      Download Forms
    </Button>
  );
}
