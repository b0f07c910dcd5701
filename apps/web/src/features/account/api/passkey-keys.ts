/** Query keys of the signed-in user's passkeys: every write invalidates `lists()`. */
export const passkeyKeys = {
  all: ["passkeys"] as const,
  lists: () => [...passkeyKeys.all, "list"] as const,
  mine: () => [...passkeyKeys.lists(), "mine"] as const,
};
