import { type Organization, organizationMessages } from "@cm/contracts/organizations";
import { PowerIcon, PowerOffIcon } from "lucide-react";
import { useId } from "react";
import { StatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useChangeOrganizationStatusAction } from "@/features/organizations/hooks/use-change-organization-status-action";

/** The customer's status, with Deactivate Customer (asks first) or Activate Customer. */
export function OrganizationStatusSection({ organization }: { organization: Organization }) {
  const id = useId();
  const action = useChangeOrganizationStatusAction(organization);
  const active = organization.status === "active";

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`} className="text-base">
            {organizationMessages.statusSectionTitle}
          </h2>
        </CardTitle>
        <CardDescription>
          {active
            ? organizationMessages.activeStatusDescription
            : organizationMessages.inactiveStatusDescription}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm">
          Status <StatusBadge status={organization.status} />
        </p>
        {active ? (
          <Button variant="destructive" onClick={action.requestStatusChange} disabled={action.pending}>
            <PowerOffIcon aria-hidden="true" />
            {organizationMessages.deactivate}
          </Button>
        ) : (
          <Button onClick={action.requestStatusChange} disabled={action.pending}>
            <PowerIcon aria-hidden="true" />
            {action.pending ? organizationMessages.activating : organizationMessages.activate}
          </Button>
        )}
      </CardContent>
      {action.dialog}
    </Card>
  );
}
