import { type Brand, brandMessages } from "@cm/contracts/brands";
import { useDeleteBrand } from "@/features/brands/api/delete-brand";
import { useConfirmedAction } from "@/hooks/use-confirmed-action";
import { uiText } from "@/lib/ui-text";

/**
 * Deleting a brand: asks first, then deletes and says how it went. Returns the function that
 * asks about a brand and the dialog to render.
 */
export function useDeleteBrandAction() {
  const { request, dialog } = useConfirmedAction(
    useDeleteBrand(),
    (brand: Brand) => ({ brandId: brand.id, revision: brand._revision }),
    {
      title: (brand) => brandMessages.deleteConfirmTitle(brand.name),
      description: brandMessages.deleteConfirmDescription,
      confirmLabel: "Delete",
      pendingLabel: uiText.deleting,
      done: brandMessages.deleted,
      failed: brandMessages.deleteFailed,
    },
  );
  return { requestDelete: request, dialog };
}
