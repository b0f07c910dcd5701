import { type Brand, brandMessages } from "@cm/contracts/brands";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useDeleteBrand } from "@/features/brands/api/delete-brand";
import { uiText } from "@/lib/ui-text";

/**
 * Deleting a brand: asks first, then deletes and says how it went. Returns the function that
 * asks about a brand and the dialog to render.
 */
export function useDeleteBrandAction() {
  // The brand stays set while the dialog closes, so its title does not blank out mid-animation.
  const [brand, setBrand] = useState<Brand | null>(null);
  const [open, setOpen] = useState(false);
  const deletion = useDeleteBrand();

  function confirm() {
    if (!brand) return;
    deletion.mutate(
      { brandId: brand.id, revision: brand._revision },
      {
        onSuccess: () => toast.success(brandMessages.deleted),
        onError: (error) => {
          console.error(error);
          toast.error(brandMessages.deleteFailed, { description: error.message });
        },
        onSettled: () => setOpen(false),
      },
    );
  }

  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={brand ? brandMessages.deleteConfirmTitle(brand.name) : ""}
      description={brandMessages.deleteConfirmDescription}
      confirmLabel="Delete"
      pendingLabel={uiText.deleting}
      pending={deletion.isPending}
      destructive
      onConfirm={confirm}
    />
  );

  function requestDelete(target: Brand) {
    setBrand(target);
    setOpen(true);
  }

  return { requestDelete, dialog };
}
