import { brandMessages } from "@cm/contracts/brands";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { paths } from "@/config/paths";
import { useCreateBrand } from "@/features/brands/api/create-brand";
import { BrandForm } from "@/features/brands/components/brand-form";
import { uiText } from "@/lib/ui-text";

/** `/home/brands/create`. */
export default function BrandCreateRoute() {
  const navigate = useNavigate();
  const creation = useCreateBrand();

  return (
    <section aria-labelledby="page-title" className="flex max-w-2xl flex-col gap-6">
      <title>Create Brand · Catalog Manager</title>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
          Create Brand
        </h1>
        <p className="text-sm text-muted-foreground">Add a brand to manage its line lists and catalogs.</p>
      </div>
      <div className="rounded-lg border p-4 sm:p-6">
        <BrandForm
          submitLabel="Create"
          pendingLabel={uiText.creating}
          onSubmit={async (input) => {
            try {
              await creation.mutateAsync(input);
            } catch (error) {
              console.error(error);
              toast.error(brandMessages.createFailed, { description: (error as Error).message });
              throw error;
            }
            toast.success(brandMessages.created);
            await navigate(paths.home.brands.list.getHref());
          }}
        />
      </div>
    </section>
  );
}
