import { portalCatalogMessages } from "@cm/contracts/portal-catalogs";
import { EyeIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/** Staff's "View as store": says whose portal this is and that nothing can be ordered here. */
export function StoreViewBanner({ storeName }: { storeName: string }) {
  return (
    <Alert role="note" className="border-sky-300 bg-sky-50 text-sky-900">
      <EyeIcon aria-hidden="true" />
      <AlertTitle>{portalCatalogMessages.viewAsStoreTitle(storeName)}</AlertTitle>
      <AlertDescription className="text-sky-900/80">
        {portalCatalogMessages.viewAsStoreNotice}
      </AlertDescription>
    </Alert>
  );
}
