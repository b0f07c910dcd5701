import { brandMessages } from "@cm/contracts/brands";
import { useEffect } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { toast } from "@/lib/toast";
import { FormPageSkeleton } from "@/components/form-page-skeleton";
import { HistoryPanel } from "@/components/history/history-panel";
import { ListLoadError } from "@/components/list-states";
import { paths } from "@/config/paths";
import { useBrands } from "@/lib/api/brands/get-brands";
import { useUpdateBrand } from "@/features/brands/api/update-brand";
import { BrandForm } from "@/features/brands/components/brand-form";
import { uiText } from "@/lib/ui-text";

/** `/home/brands/edit/{brandId}`: the brand comes from the cached brand list. */
export default function BrandEditRoute() {
  const { brandId } = useParams();
  const navigate = useNavigate();
  const brands = useBrands();
  const update = useUpdateBrand();
  const brand = brands.data?.find((candidate) => String(candidate.id) === brandId);
  const missing = brands.isSuccess && !brand;

  useEffect(() => {
    if (missing) toast.error(brandMessages.notFound);
  }, [missing]);

  if (missing) return <Navigate to={paths.home.brands.list.getHref()} replace />;

  return (
    <section aria-labelledby="page-title" className="flex max-w-2xl flex-col gap-6">
      <title>Edit Brand · Catalog Manager</title>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
          Edit Brand
        </h1>
        <p className="text-sm text-muted-foreground">{brand ? brand.name : brandMessages.brandNotSet}</p>
      </div>
      {brands.isError ? (
        <ListLoadError
          title="The brand could not be loaded"
          message={brands.error.message}
          onRetry={() => void brands.refetch()}
        />
      ) : !brand ? (
        <FormPageSkeleton fields={2} label={brandMessages.brandNotSet} />
      ) : (
        <>
          <div className="rounded-lg border p-4 sm:p-6">
            <BrandForm
              // A fresh form when another brand is opened in the same screen.
              key={brand.id}
              initial={brand}
              submitLabel="Save Changes"
              pendingLabel={uiText.saving}
              onSubmit={async (input) => {
                try {
                  await update.mutateAsync({ brandId: brand.id, data: input, revision: brand._revision });
                } catch (error) {
                  console.error(error);
                  toast.error(brandMessages.updateFailed, { description: (error as Error).message });
                  throw error;
                }
                toast.success(brandMessages.updated);
                await navigate(paths.home.brands.list.getHref());
              }}
            />
          </div>
          <HistoryPanel entityType="brand" entityId={brand.id} />
        </>
      )}
    </section>
  );
}
