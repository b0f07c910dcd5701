import { paginatedEnvelopeSchema } from "@cm/contracts/envelope";
import { type LineListsWithCatalogsQuery, lineListWithCatalogsSchema } from "@cm/contracts/line-lists";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { apiFetch } from "@/lib/api-client";

const pageSchema = paginatedEnvelopeSchema(lineListWithCatalogsSchema);

/** `GET /api/line-lists/with-catalogs-info`: a page of saved line lists with their catalogs' counts. */
export async function getLineListsWithCatalogs(query: LineListsWithCatalogsQuery, signal?: AbortSignal) {
  const envelope = await apiFetch("/api/line-lists/with-catalogs-info", { query, signal, envelope: true });
  return pageSchema.parse(envelope);
}

export function lineListsWithCatalogsQueryOptions(query: LineListsWithCatalogsQuery) {
  return queryOptions({
    queryKey: lineListKeys.withCatalogsPage(query),
    queryFn: ({ signal }) => getLineListsWithCatalogs(query, signal),
    // Turning a page keeps the cards in place until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useLineListsWithCatalogs(query: LineListsWithCatalogsQuery) {
  return useQuery(lineListsWithCatalogsQueryOptions(query));
}
