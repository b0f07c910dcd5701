import { portalOrderFormMessages } from "@cm/contracts/portal-users";
import { FileDownIcon } from "lucide-react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { useDownloadPortalOrderForm } from "@/lib/api/portal/portal-order-form";

/** Downloads the line list's XLSX order form for the store (its styles, at the store's prices). */
export function OrderFormDownload({ storeId, lineListId }: { storeId: number; lineListId: number }) {
  const download = useDownloadPortalOrderForm();
  return (
    <Button
      variant="outline"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(
          { storeId, lineListId },
          {
            onError: (error) => {
              console.error(error);
              toast.error(portalOrderFormMessages.downloadFailed, { description: error.message });
            },
          },
        )
      }
    >
      <FileDownIcon aria-hidden="true" />
      {portalOrderFormMessages.downloadButton}
    </Button>
  );
}
