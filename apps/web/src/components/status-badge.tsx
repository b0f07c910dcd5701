import { Badge } from "@/components/ui/badge";

/** Active or inactive, for anything with that status (users, roles, stores). */
export function StatusBadge({ status }: { status: string }) {
  return status === "active" ? (
    <Badge variant="outline" className="border-emerald-300 bg-emerald-50 text-emerald-900">
      Active
    </Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground">
      {status === "inactive" ? "Inactive" : status}
    </Badge>
  );
}
