import type { PreviewStatus } from "@cm/contracts/line-list-preview";
import { Badge } from "@/components/ui/badge";

const labels: Record<PreviewStatus, string> = { new: "New", changed: "Changed", old: "Old" };

/** How a style (or a size) compares with the brand's products: new, changed or old (identical). */
export function PreviewStatusBadge({ status }: { status: PreviewStatus }) {
  return (
    <Badge
      variant={status === "new" ? "info" : status === "changed" ? "warning" : "outline"}
      className={status === "old" ? "text-muted-foreground" : undefined}
    >
      {labels[status]}
    </Badge>
  );
}
