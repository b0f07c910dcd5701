import { orderMessages } from "@cm/contracts/orders";
import { useId, useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { Combobox } from "@/components/combobox";
import { PageHeader } from "@/components/list-page";
import { Label } from "@/components/ui/label";
import { paths } from "@/config/paths";
import { OrdersList } from "@/features/orders/components/orders-list";
import { useOrderListParams } from "@/features/orders/hooks/use-order-list-params";
import { useBrandOptions } from "@/lib/api/brands/get-brand-options";

/** `/home/orders/brand/{brandId}`: the orders with lines of one brand, and a picker to change brand. */
export default function OrdersBrandRoute() {
  const pickerId = useId();
  const navigate = useNavigate();
  const { brandId: brandParam = "" } = useParams();
  const brandId = /^[1-9]\d{0,8}$/.test(brandParam) ? Number(brandParam) : undefined;
  const brands = useBrandOptions();
  const { hrefQuery } = useOrderListParams();
  const brand = brands.data?.find((option) => option.id === brandId);
  const options = useMemo(
    () => (brands.data ?? []).map((option) => ({ value: String(option.id), label: option.name })),
    [brands.data],
  );
  const scope = useMemo(() => ({ brandId }), [brandId]);

  const picker = (
    <div className="flex flex-col gap-1.5 sm:w-72">
      <Label htmlFor={pickerId}>Brand</Label>
      <Combobox
        id={pickerId}
        options={options}
        value={brandId === undefined ? undefined : String(brandId)}
        onValueChange={(value) => navigate(paths.home.orders.brand.getHref(value, hrefQuery))}
        placeholder={brands.isPending ? "Loading brands..." : "Choose a brand"}
        searchPlaceholder="Search brands"
        disabled={brands.isPending}
      />
    </div>
  );

  // Without a brand the list would show every order under a brand's title.
  if (brandId === undefined) {
    return (
      <section aria-labelledby="page-title" className="flex flex-col gap-4">
        <PageHeader title="Brand Orders" description="Choose the brand whose orders to show." />
        {picker}
      </section>
    );
  }

  return (
    <OrdersList
      title={`${brand?.name ?? "Brand"} Orders`}
      description="Orders with lines of this brand, alone or with others."
      scope={scope}
      emptyText={orderMessages.noBrandOrders}
      exportName={`${brand?.name.toLowerCase().replaceAll(/[^a-z0-9]+/g, "-") ?? "brand"}-orders`}
    >
      {picker}
    </OrdersList>
  );
}
