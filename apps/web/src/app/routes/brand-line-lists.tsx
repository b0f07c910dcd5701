import { brandMessages } from "@cm/contracts/brands";
import { UploadIcon } from "lucide-react";
import { useEffect } from "react";
import { Navigate, useParams } from "react-router";
import { toast } from "@/lib/toast";
import { ListLoadError } from "@/components/list-states";
import { RequirePermission } from "@/components/require-permission";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useBrands } from "@/lib/api/brands/get-brands";
import { BrandMappingSection } from "@/features/brands/components/brand-mapping-section";
import { BrandLineListsPage } from "@/features/line-lists/components/brand-line-lists-page";
import { useUploadInventory } from "@/hooks/use-upload-inventory";
import { currentBrandProblem } from "@/lib/brand-list";

/**
 * `/home/brand/{brandId}/line-lists`. Composed here because it joins two features: the brand
 * (from the cached brand list, with its column mapping below the table) and its line lists. The
 * upload button opens the Upload Inventory dialog with this brand chosen.
 */
export default function BrandLineListsRoute() {
  const { brandId = "" } = useParams();
  const brands = useBrands();
  const { openUploadInventory } = useUploadInventory();
  const id = Number(brandId);
  const brand = brands.data?.find((candidate) => candidate.id === id);
  const problem = currentBrandProblem(brands, id);
  // A list that failed to load is told here, with a retry; no brand to show goes back to the brands.
  const missing = problem !== undefined && problem !== brandMessages.brandListNotLoaded;

  useEffect(() => {
    if (missing) toast.error(problem, { id: `brand-line-lists-${brandId}` });
  }, [missing, problem, brandId]);

  if (missing) return <Navigate to={paths.home.brands.list.getHref()} replace />;
  if (problem) {
    return (
      <ListLoadError
        title={problem}
        message={brands.error?.message ?? ""}
        onRetry={() => void brands.refetch()}
      />
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <BrandLineListsPage
        // A fresh search and first page for each brand.
        key={brandId}
        brandId={id}
        brandName={brand?.name}
        uploadAction={
          <RequirePermission permission="catalogs.manage">
            <Button disabled={!brand} onClick={() => openUploadInventory({ brandId: id })}>
              <UploadIcon aria-hidden="true" />
              Upload Line List
            </Button>
          </RequirePermission>
        }
      />
      <BrandMappingSection key={`mapping-${brandId}`} brandId={id} brandName={brand?.name} />
    </div>
  );
}
