import { PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/components/list-page";
import { RequirePermission } from "@/components/require-permission";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useBrands } from "@/lib/api/brands/get-brands";
import { BrandsTable } from "@/features/brands/components/brands-table";
import { useDeleteBrandAction } from "@/features/brands/hooks/use-delete-brand-action";

/** `/home/brands`: the brands, searchable, with add, edit and delete. */
export default function BrandsListRoute() {
  const brands = useBrands();
  const { requestDelete, dialog } = useDeleteBrandAction();

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <PageHeader
        title="Brands"
        description="The brands whose line lists and catalogs you manage."
        actions={
          <RequirePermission permission="brands.manage">
            <Button asChild>
              <Link to={paths.home.brands.create.getHref()}>
                <PlusIcon aria-hidden="true" />
                Add Brand
              </Link>
            </Button>
          </RequirePermission>
        }
      />
      <BrandsTable query={brands} onDelete={requestDelete} />
      {dialog}
    </section>
  );
}
