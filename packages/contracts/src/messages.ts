/** Deeper than any request of the API nests (an order's lines are 3 levels); the server refuses more. */
export const requestNestingLimit = 32;

/** User-facing messages that belong to no single resource (SPEC.md section 8, "Generic" and server errors). */
export const genericMessages = {
  ok: "OK",
  wrongInput: "Wrong Input",
  // PostgreSQL cannot store NUL in text, so no input may hold it (a field error, or the whole answer).
  nulCharacter: "Text must not contain the NUL character.",
  // Half of a UTF-16 pair on its own is no character: a client bug, and PostgreSQL refuses it in JSON.
  loneSurrogate: "Text must not contain invalid Unicode (a lone surrogate).",
  nestedTooDeeply: `Objects and lists must not be nested more than ${requestNestingLimit} levels deep.`,
  serverError: "Something went wrong in the server.",
  notFound: "Not found",
  anErrorOccurred: "An error occurred",
  // The spec names no text for a stale revision; this one tells the user what to do about it.
  staleRevision: "This record was changed by someone else. Reload it and try again.",
  // A write the database refused because of other saved data (a name taken meanwhile, a record
  // removed or still in use) that no module names in its own words.
  conflict: "This conflicts with data saved meanwhile. Reload and try again.",
  // The 503 when the database server went away mid-request (restart, failover, a backend ended).
  databaseUnavailable: "The database is unavailable. Please try again in a moment.",
  // The 503 for a request that arrives while the server drains before stopping (SIGTERM).
  serverRestarting: "The server is restarting. Try again in a moment.",
} as const;
