import { storeSchema } from "@cm/contracts/stores";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { z } from "zod";
import type { ComboboxOption } from "@/components/combobox";
import { useOrganizations } from "@/lib/api/organizations/get-organizations";
import { storeKeys } from "@/lib/api/stores/store-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * What the store filter needs of a store. Loose, and under the stores' shared list key: the
 * shell loads every store on entering `/home`, so this reads that cache instead of fetching again.
 */
const storeSummarySchema = storeSchema.pick({ id: true, name: true, organizationId: true }).loose();
type StoreSummary = z.infer<typeof storeSummarySchema>;

function useStoreSummaries() {
  return useQuery({
    queryKey: storeKeys.list(),
    queryFn: ({ signal }) => apiFetch("/api/stores", { schema: z.array(storeSummarySchema), signal }),
  });
}

/** The customers (external organizations) and their stores, as options of an order list's filters. */
export function useOrderListOptions(organizationId: number | undefined) {
  const organizations = useOrganizations();
  const stores = useStoreSummaries();

  const customerOptions = useMemo(
    (): ComboboxOption[] =>
      (organizations.data ?? [])
        .filter((organization) => organization.type === "external")
        .map((organization) => ({ value: String(organization.id), label: organization.name })),
    [organizations.data],
  );

  const customerNames = useMemo(
    () => new Map((organizations.data ?? []).map((organization) => [organization.id, organization.name])),
    [organizations.data],
  );

  const storesById = useMemo(
    () => new Map<number, StoreSummary>((stores.data ?? []).map((store) => [store.id, store])),
    [stores.data],
  );

  /** The chosen customer's stores, or every store with its customer's name beside it. */
  const storeOptions = useMemo(
    (): ComboboxOption[] =>
      (stores.data ?? [])
        .filter((store) => organizationId === undefined || store.organizationId === organizationId)
        .map((store) => ({
          value: String(store.id),
          label: store.name,
          description: organizationId === undefined ? customerNames.get(store.organizationId) : undefined,
        })),
    [stores.data, organizationId, customerNames],
  );

  return {
    customerOptions,
    storeOptions,
    storesById,
    loading: organizations.isPending || stores.isPending,
  };
}
