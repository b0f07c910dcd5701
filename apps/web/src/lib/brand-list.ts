import { brandMessages } from "@cm/contracts/brands";

/** The brand list as a screen holds it: TanStack Query's result, as far as these rules need it. */
interface BrandList<T> {
  isError: boolean;
  data: readonly T[] | undefined;
}

/**
 * Why a screen that offers the brands has none to offer (SPEC.md section 8, Brands, local): the
 * call failed, or it answered no brand. Undefined while the list loads and once it has brands; a
 * list already loaded stays usable when a later refresh fails.
 */
export function brandListProblem(brands: BrandList<unknown>): string | undefined {
  if (brands.data) return brands.data.length === 0 ? brandMessages.brandListEmpty : undefined;
  return brands.isError ? brandMessages.brandListNotLoaded : undefined;
}

/**
 * Why a screen opened for one brand (its id from the URL) cannot show it: the list's own problem,
 * or "Current brand is not set" when the id names no brand of the list. Undefined while the list
 * loads and once the brand is found.
 */
export function currentBrandProblem(brands: BrandList<{ id: number }>, brandId: number): string | undefined {
  if (!Number.isSafeInteger(brandId) || brandId <= 0) return brandMessages.currentBrandNotSet;
  const problem = brandListProblem(brands);
  if (problem || !brands.data) return problem;
  return brands.data.some((brand) => brand.id === brandId) ? undefined : brandMessages.currentBrandNotSet;
}
