import { PlaceholderPage } from "@/components/placeholder-page";

export default function OrdersBrandRoute() {
  return <PlaceholderPage title="Brand Orders" />;
}
