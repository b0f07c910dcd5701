/** Query keys of organizations: writes invalidate `lists()` and the written organization's `detail(id)`. */
export const organizationKeys = {
  all: ["organizations"] as const,
  lists: () => [...organizationKeys.all, "list"] as const,
  list: (query: { type?: "internal" | "external" } = {}) => [...organizationKeys.lists(), query] as const,
  details: () => [...organizationKeys.all, "detail"] as const,
  detail: (organizationId: number) => [...organizationKeys.details(), organizationId] as const,
};
