import { appEnvBadgeLabels } from "@cm/contracts/app-config";
import { Badge } from "@/components/ui/badge";
import { useAppConfig } from "@/features/app-config/api/get-app-config";

/** "Development" or "Quality Assurance" outside production; nothing in production or when unknown. */
export function EnvironmentBadge() {
  const { data } = useAppConfig();
  const label = data ? appEnvBadgeLabels[data.appEnv] : null;
  if (!label) return null;
  return (
    <Badge
      variant={data?.appEnv === "qa" ? "info" : "warning"}
      data-testid="environment-badge"
      title="The environment this app runs in"
    >
      {label}
    </Badge>
  );
}
