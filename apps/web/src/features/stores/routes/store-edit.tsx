import { storeMessages, storeTypeLabels } from "@cm/contracts/stores";
import { portalCatalogMessages } from "@cm/contracts/portal-catalogs";
import { ArrowLeftIcon, EyeIcon } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link, Navigate, useParams } from "react-router";
import { toast } from "@/lib/toast";
import { FormPageSkeleton } from "@/components/form-page-skeleton";
import { HistoryPanel } from "@/components/history/history-panel";
import { StatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useStore } from "@/features/stores/api/get-store";
import {
  StoreAddressesSection,
  StoreBasicInfoSection,
  StoreBrandFocusSection,
  StoreStatusSection,
} from "@/features/stores/components/store-edit-sections";
import {
  type StoreEditFormSection,
  storeEditFormSections,
} from "@/features/stores/utils/store-edit-form-sections";
import { useLeaveGuard } from "@/hooks/use-leave-guard";
import { useCan } from "@/hooks/use-permissions";
import { useBrandOptions } from "@/lib/api/brands/get-brand-options";
import { useOrganization } from "@/lib/api/organizations/get-organization";
import { useUsers } from "@/lib/api/users/get-users";
import { isApiError } from "@/lib/api-client";

function parseId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** `/home/stores/{storeId}`: basic info, addresses, brand focus and status, each saved on its own. */
export default function StoreEditRoute() {
  const { storeId } = useParams();
  const id = parseId(storeId);
  const store = useStore(id ?? 0, { enabled: id !== undefined });
  const organization = useOrganization(store.data?.organizationId);
  const users = useUsers();
  const brands = useBrandOptions();
  const listHref = paths.home.stores.list.getHref();
  const canViewAsStore = useCan("catalogs.view");

  // Each section saves on its own; leaving with one not saved asks first and names it.
  const [unsaved, setUnsaved] = useState<ReadonlySet<StoreEditFormSection>>(() => new Set());
  const onUnsavedChange = useCallback((section: StoreEditFormSection, isUnsaved: boolean) => {
    setUnsaved((current) => {
      if (current.has(section) === isUnsaved) return current;
      const next = new Set(current);
      if (isUnsaved) next.add(section);
      else next.delete(section);
      return next;
    });
  }, []);
  const unsavedSections = storeEditFormSections.filter((section) => unsaved.has(section));
  const leaveGuard = useLeaveGuard(unsavedSections.length > 0, {
    title: storeMessages.leaveConfirmTitle,
    description: storeMessages.leaveConfirmDescription(unsavedSections),
  });
  // SPEC.md section 8: a store that cannot be loaded sends the user back to the list with the
  // reason; an id that names no store says "Editing store not found.".
  const notFound =
    id === undefined || (store.isError && isApiError(store.error) && store.error.status === 404);
  const failure = notFound ? storeMessages.editingNotFound : store.isError ? store.error.message : undefined;

  useEffect(() => {
    if (failure) toast.error(failure);
  }, [failure]);

  if (failure) return <Navigate to={listHref} replace />;

  const members = (users.data ?? []).filter((user) => user.organizationId === store.data?.organizationId);

  return (
    <section aria-labelledby="page-title" className="flex max-w-3xl flex-col gap-6">
      <title>{`${store.data?.name ?? "Edit Store"} · Catalog Manager`}</title>
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" className="-ml-2 self-start" asChild>
          <Link to={listHref}>
            <ArrowLeftIcon aria-hidden="true" />
            Back
          </Link>
        </Button>
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
              {store.data?.name ?? "Edit Store"}
            </h1>
            {canViewAsStore && id !== undefined ? (
              <Button variant="outline" size="sm" asChild>
                <Link to={paths.home.stores.viewAs.getHref(id)}>
                  <EyeIcon aria-hidden="true" />
                  {portalCatalogMessages.viewAsStore}
                </Link>
              </Button>
            ) : null}
          </div>
          {store.data && (
            <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
              <span>{organization.data?.name ?? "\u00a0"}</span>
              <Badge variant={store.data.brandFocusType.storeType === "multi-brand" ? "info" : "secondary"}>
                {storeTypeLabels[store.data.brandFocusType.storeType]}
              </Badge>
              <StatusBadge status={store.data.status} />
            </p>
          )}
        </div>
      </div>
      {!store.data ? (
        <FormPageSkeleton fields={5} label="Loading the store" />
      ) : (
        <>
          <StoreBasicInfoSection
            key={`basic-${store.data.id}`}
            store={store.data}
            members={members}
            onUnsavedChange={onUnsavedChange}
          />
          <StoreAddressesSection
            key={`addresses-${store.data.id}`}
            store={store.data}
            organizationAddress={organization.data?.address ?? null}
            onUnsavedChange={onUnsavedChange}
          />
          <StoreBrandFocusSection
            key={`brands-${store.data.id}`}
            store={store.data}
            brands={brands.data ?? []}
            brandsLoading={brands.isPending}
            onUnsavedChange={onUnsavedChange}
          />
          <StoreStatusSection store={store.data} />
          <HistoryPanel entityType="store" entityId={store.data.id} />
        </>
      )}
      {leaveGuard.dialog}
    </section>
  );
}
