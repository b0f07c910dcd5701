import { useParams } from "react-router";
import { PlaceholderPage } from "@/components/placeholder-page";
import { orderCatalogTypes } from "@/config/paths";

export default function OrdersCatalogTypeRoute() {
  const { catalogTypeId = "" } = useParams();
  const catalogType = orderCatalogTypes.find((type) => type.id === catalogTypeId);
  return <PlaceholderPage title={`${catalogType?.label ?? "Catalog Type"} Orders`} />;
}
