/**
 * Query keys of the signed-in user (`GET /api/me`). The account page reads the same entry under
 * the same key (`accountKeys` in features/account), so a refetch here updates it too.
 */
export const sessionKeys = {
  all: ["session-user"] as const,
  details: () => [...sessionKeys.all, "detail"] as const,
  me: () => [...sessionKeys.details(), "me"] as const,
};
