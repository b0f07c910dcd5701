import { type CatalogType, catalogTypeSchema } from "@cm/contracts/catalogs";
import { portalStylesQuerySchema } from "@cm/contracts/portal-catalogs";
import type { UrlParamsPatch } from "@/hooks/use-url-params";

export const searchMaxLength = portalStylesQuerySchema.shape.q.unwrap().maxLength ?? 100;

export type CatalogLayout = "cards" | "rows";

/** A line list's catalog as its URL says: search, filters, page and how the styles are laid out. */
export interface CatalogParams {
  q: string;
  catalogType: CatalogType | undefined;
  gender: string;
  color: string;
  page: number;
  view: CatalogLayout;
}

export type CatalogParamName = "q" | "catalogType" | "gender" | "color" | "page" | "view";
export type CatalogParamsPatch = UrlParamsPatch<CatalogParamName>;

export const catalogParamDefaults: Partial<Record<CatalogParamName, string>> = { page: "1", view: "cards" };

export function readCatalogParams(search: URLSearchParams): CatalogParams {
  const page = Number(search.get("page"));
  return {
    q: (search.get("q") ?? "").trim().slice(0, searchMaxLength),
    catalogType: catalogTypeSchema.safeParse(search.get("catalogType")).data,
    gender: search.get("gender") ?? "",
    color: search.get("color") ?? "",
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    view: search.get("view") === "rows" ? "rows" : "cards",
  };
}
