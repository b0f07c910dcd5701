/** Query keys of roles: writes invalidate `lists()` and the written role's `detail(id)`. */
export const roleKeys = {
  all: ["roles"] as const,
  lists: () => [...roleKeys.all, "list"] as const,
  list: () => [...roleKeys.lists(), {}] as const,
  details: () => [...roleKeys.all, "detail"] as const,
  detail: (roleId: number) => [...roleKeys.details(), roleId] as const,
};
