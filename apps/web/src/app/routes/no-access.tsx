import { type Permission, permissionMessages } from "@cm/contracts/permissions";
import { ShieldXIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/**
 * A screen the signed-in user's role does not allow: said plainly, inside the shell,
 * with the way back. Home leads to the first screen they may open.
 */
export function NoAccess({ permission }: { permission: Permission }) {
  return (
    <section
      aria-labelledby="no-access-title"
      className="flex flex-1 flex-col items-center justify-center gap-2 py-16 text-center"
    >
      <title>{`${permissionMessages.noAccessTitle} · Catalog Manager`}</title>
      <ShieldXIcon aria-hidden="true" className="size-8 text-muted-foreground" />
      <h1 id="no-access-title" className="text-2xl font-semibold tracking-tight">
        {permissionMessages.noAccessTitle}
      </h1>
      <p className="max-w-md text-muted-foreground">{permissionMessages.noAccessDescription(permission)}</p>
      <Button asChild variant="outline" className="mt-4">
        <Link to={paths.home.root.getHref()}>Go to Home</Link>
      </Button>
    </section>
  );
}
