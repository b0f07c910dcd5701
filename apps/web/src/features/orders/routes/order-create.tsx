import { PlaceholderPage } from "@/components/placeholder-page";

export default function OrderCreateRoute() {
  return <PlaceholderPage title="New Order" />;
}
