import { PlaceholderPage } from "@/components/placeholder-page";

export default function OrdersMultibrandRoute() {
  return <PlaceholderPage title="Multibrand Orders" />;
}
