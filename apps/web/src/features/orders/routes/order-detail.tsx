import { PlaceholderPage } from "@/components/placeholder-page";

export default function OrderDetailRoute() {
  return <PlaceholderPage title="Order" />;
}
