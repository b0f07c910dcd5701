/**
 * The customers list (`GET /api/customers`): organizations with their stores and user counts, so
 * writes to organizations, stores and users of customers invalidate it.
 */
export const customerKeys = {
  all: ["customers"] as const,
  list: () => [...customerKeys.all, "list"] as const,
};

export const customerListQueryKey = customerKeys.list();
