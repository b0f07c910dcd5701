import { storeSchema } from "@cm/contracts/stores";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { z } from "zod";
import type { ComboboxOption } from "@/components/combobox";
import { lineListsQueryOptions } from "@/lib/api/line-lists/get-line-lists";
import { useOrganizations } from "@/lib/api/organizations/get-organizations";
import { storeKeys } from "@/lib/api/stores/store-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * What New Order needs of a store. Loose, and under the stores' shared list key: the shell loads
 * every store on entering `/home`, so this reads that cache instead of fetching again.
 */
const storeSummarySchema = storeSchema
  .pick({ id: true, name: true, organizationId: true, status: true })
  .loose();
export type OrderStoreSummary = z.infer<typeof storeSummarySchema>;

const isActive = (entity: Record<string, unknown>) => entity.status === "active";

/**
 * The customers an order can be for: active customers (external organizations) and every store by
 * id (a screen offers the active ones). The order form dialogs need no more than this.
 */
export function useOrderCustomerOptions() {
  const organizations = useOrganizations();
  const stores = useQuery({
    queryKey: storeKeys.list(),
    queryFn: ({ signal }) => apiFetch("/api/stores", { schema: z.array(storeSummarySchema), signal }),
  });

  const customerOptions = useMemo(
    (): ComboboxOption[] =>
      (organizations.data ?? [])
        .filter((organization) => organization.type === "external" && isActive(organization))
        .map((organization) => ({ value: String(organization.id), label: organization.name })),
    [organizations.data],
  );

  const storesById = useMemo(
    () => new Map<number, OrderStoreSummary>((stores.data ?? []).map((store) => [store.id, store])),
    [stores.data],
  );

  return {
    customerOptions,
    customersLoading: organizations.isPending,
    storesById,
    storesLoading: stores.isPending,
  };
}

/** The choices of New Order: `useOrderCustomerOptions` and the published line lists of every type. */
export function useOrderCreateOptions() {
  const customers = useOrderCustomerOptions();
  const lineLists = useQuery(lineListsQueryOptions({ status: "published" }));
  return { ...customers, lineLists: lineLists.data, lineListsQuery: lineLists };
}

/** A customer's active stores, by name. */
export function activeStoreOptions(
  storesById: ReadonlyMap<number, OrderStoreSummary>,
  organizationId: number | undefined,
): ComboboxOption[] {
  if (organizationId === undefined) return [];
  return [...storesById.values()]
    .filter((store) => store.organizationId === organizationId && isActive(store))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((store) => ({ value: String(store.id), label: store.name }));
}
