import { mappingMessages } from "@cm/contracts/line-list-mapping";
import { useResetBrandMapping } from "@/features/brands/api/reset-brand-mapping";
import { useConfirmedAction } from "@/hooks/use-confirmed-action";
import { brandMappingText } from "@/lib/api/brands/brand-mapping-text";

/**
 * Resetting a brand's column mapping: asks first, then resets and says how it went. Returns the
 * function that asks about a brand and the dialog to render.
 */
export function useResetBrandMappingAction() {
  const { request, dialog } = useConfirmedAction(
    useResetBrandMapping(),
    (brand: { id: number; name: string }) => ({ brandId: brand.id }),
    {
      title: (brand) => brandMappingText.resetConfirmTitle(brand.name),
      description: brandMappingText.resetConfirmDescription,
      confirmLabel: brandMappingText.resetLabel,
      pendingLabel: brandMappingText.resetting,
      done: mappingMessages.reset,
      failed: brandMappingText.resetFailed,
    },
  );
  return { requestReset: request, dialog };
}
