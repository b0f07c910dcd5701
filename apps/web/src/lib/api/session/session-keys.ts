/** Query keys of the signed-in user (`GET /api/me`), read by the permissions and the account page. */
export const sessionKeys = {
  all: ["session-user"] as const,
  details: () => [...sessionKeys.all, "detail"] as const,
  me: () => [...sessionKeys.details(), "me"] as const,
};
