/**
 * Query keys of the signed-in user (`GET /api/me`). Writes to users also invalidate the users
 * resource's own keys, whose root is `usersQueryRoot` (people and team lists show the same person).
 */
export const accountKeys = {
  all: ["session-user"] as const,
  details: () => [...accountKeys.all, "detail"] as const,
  me: () => [...accountKeys.details(), "me"] as const,
};

/** Root of the users resource's query keys (`["users", …]`), shared with the people screens. */
export const usersQueryRoot = ["users"] as const;
