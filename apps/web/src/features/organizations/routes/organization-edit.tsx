import { organizationMessages } from "@cm/contracts/organizations";
import { useEffect } from "react";
import { Navigate, useParams } from "react-router";
import { toast } from "@/lib/toast";
import { FormPageSkeleton } from "@/components/form-page-skeleton";
import { HistoryPanel } from "@/components/history/history-panel";
import { ListLoadError } from "@/components/list-states";
import { paths } from "@/config/paths";
import {
  OrganizationAddressForm,
  OrganizationDiscountsForm,
  OrganizationNameForm,
} from "@/features/organizations/components/edit-organization-forms";
import { OrganizationMainContactForm } from "@/features/organizations/components/organization-main-contact-form";
import { OrganizationStatusSection } from "@/features/organizations/components/organization-status-section";
import { useOrganization } from "@/lib/api/organizations/get-organization";
import { isApiError } from "@/lib/api-client";

function parseId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * `/home/organizations/edit/{organizationId}`: Edit Customer, its name, main contact, address,
 * discounts and status.
 */
export default function OrganizationEditRoute() {
  const { organizationId } = useParams();
  const id = parseId(organizationId);
  const organization = useOrganization(id);
  // SPEC.md section 8: an organization that is not found sends the user back to the list.
  const missing = id === undefined || (isApiError(organization.error) && organization.error.status === 404);

  useEffect(() => {
    if (missing) toast.error(organizationMessages.notFound);
  }, [missing]);

  if (missing) return <Navigate to={paths.home.organizations.list.getHref()} replace />;

  return (
    <section aria-labelledby="page-title" className="flex max-w-3xl flex-col gap-6">
      <title>Edit Customer · Catalog Manager</title>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
          Edit Customer
        </h1>
        <p className="text-muted-foreground">{organization.data?.name ?? "\u00a0"}</p>
      </div>
      {organization.isPending ? (
        <FormPageSkeleton fields={5} label="Loading the customer" />
      ) : organization.isError ? (
        <ListLoadError
          title="Could not load the customer"
          message={organization.error.message}
          onRetry={() => void organization.refetch()}
        />
      ) : (
        <>
          <OrganizationNameForm key={`name-${organization.data.id}`} organization={organization.data} />
          <OrganizationMainContactForm
            key={`main-contact-${organization.data.id}`}
            organization={organization.data}
          />
          <OrganizationAddressForm key={`address-${organization.data.id}`} organization={organization.data} />
          <OrganizationDiscountsForm
            key={`discounts-${organization.data.id}`}
            organization={organization.data}
          />
          {/* The company's own organization cannot be deactivated. */}
          {organization.data.type === "external" && (
            <OrganizationStatusSection organization={organization.data} />
          )}
          <HistoryPanel entityType="organization" entityId={organization.data.id} />
        </>
      )}
    </section>
  );
}
