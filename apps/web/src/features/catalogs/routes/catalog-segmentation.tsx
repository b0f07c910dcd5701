import { PlaceholderPage } from "@/components/placeholder-page";

export default function CatalogSegmentationRoute() {
  return <PlaceholderPage title="Catalog Segmentation" />;
}
