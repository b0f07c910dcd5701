/** Query keys of the customer portal (`/api/portal/*`); the signed-in customer is `me()`. */
export const portalKeys = {
  all: ["portal"] as const,
  details: () => [...portalKeys.all, "detail"] as const,
  me: () => [...portalKeys.details(), "me"] as const,
};
