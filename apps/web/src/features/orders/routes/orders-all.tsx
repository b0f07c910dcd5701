import { PlaceholderPage } from "@/components/placeholder-page";

export default function OrdersAllRoute() {
  return <PlaceholderPage title="All Orders" />;
}
