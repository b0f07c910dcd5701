import { PlaceholderPage } from "@/components/placeholder-page";

export default function OrdersDashboardRoute() {
  return <PlaceholderPage title="Orders Dashboard" />;
}
