/**
 * Passkeys' paths, limits and messages without zod: the sign-in page loads this module alone
 * (docs/performance.md, "Light pages"); passkeys.ts builds its schemas from them and re-exports
 * all of it.
 */

/** The signed-in user's passkeys, the reset of a user's passkeys, and the sign-in step's endpoints. */
export const passkeyPaths = {
  /** `GET` the list, `POST` a verified registration. */
  mine: "/api/me/passkeys",
  /** `POST`: the options for `navigator.credentials.create()`, with a fresh challenge. */
  registrationOptions: "/api/me/passkeys/registration-options",
  /** `PUT` (rename) and `DELETE` one passkey of the signed-in user. */
  one: "/api/me/passkeys/:passkeyId",
  /** `DELETE`: removes every passkey of a user, so the login code signs them in again. */
  ofUser: "/api/users/:id/passkeys",
  /** `POST`: the options for `navigator.credentials.get()` in the current login interaction. */
  signInOptions: "/code/passkey/options",
  /** `POST`: the assertion; a valid one completes the login interaction. */
  signIn: "/code/passkey/verify",
} as const;

export const passkeyHref = (passkeyId: number) => `/api/me/passkeys/${passkeyId}`;
export const userPasskeysHref = (userId: number) => `/api/users/${userId}/passkeys`;

export const passkeyNameMaxLength = 64;
/** Enough for any device a person keeps; bounds what one account can store. */
export const maxPasskeysPerUser = 20;
/** How long a registration or sign-in challenge may be answered (it is used once either way). */
export const passkeyChallengeValidityMinutes = 5;

/**
 * `error` on `/auth/start` when the right login code was entered for a user who has a passkey:
 * its `error_description` is `passkeyMessages.passkeyRequired`.
 */
export const passkeyRequiredLoginError = "passkey_required";

export const passkeyMessages = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${passkeyNameMaxLength} characters`,
  notFound: "Passkey not found",
  userNotFound: "User not found",
  tooMany: `You can have at most ${maxPasskeysPerUser} passkeys. Remove one you no longer use first.`,
  alreadyRegistered: "This passkey is already registered.",
  challengeExpired: "The passkey request has expired or was already used. Try again.",
  registrationFailed: "The passkey could not be verified. Try again.",
  signInFailed: "The passkey could not be verified. Try again, or use another passkey.",
  unknownPasskey:
    "This passkey is not registered with Catalog Manager. Use another one, or sign in with your e-mail address.",
  passkeyRequired:
    "Your account uses a passkey: sign in with it. If you lost it, ask a person who manages people to reset your passkeys.",
  registered: "Passkey added",
  registerFailed: "The passkey could not be added",
  renamed: "Passkey renamed",
  renameFailed: "The passkey could not be renamed",
  removed: "Passkey removed",
  removeFailed: "The passkey could not be removed",
  reset: "Passkeys reset: the user signs in with a login code until they add a new passkey.",
  // Editing User: the recovery path of a staff member who lost their passkeys.
  resetSectionTitle: "Reset Passkeys",
  resetSectionDescription:
    "For a staff member who lost their passkeys: removes all of them, so a login code signs them in again until they add a new one.",
  resetConfirmTitle: (name: string) => `Reset the passkeys of ${name}?`,
  resetConfirmDescription: (name: string) =>
    `Every passkey of ${name} is removed. Make sure the request really comes from them: anyone who reads their mailbox can then sign in with a login code.`,
  resetConfirm: "Reset passkeys",
  resetting: "Resetting...",
  resetFailed: "The passkeys could not be reset",
  // What the browser's WebAuthn errors mean to a person.
  cancelled: "The passkey request was cancelled or timed out.",
  notSupported: "This browser cannot use passkeys.",
  alreadyOnDevice: "This device already holds a passkey for your account.",
  invalidDomain: "Passkeys are not available at this address. Open Catalog Manager by its domain name.",
  // The Account page's Passkeys section.
  sectionTitle: "Passkeys",
  sectionDescription:
    "Sign in with your fingerprint, face, screen lock or security key instead of a login code. Once you have a passkey, a login code alone no longer signs you in.",
  add: "Add a passkey",
  adding: "Adding...",
  addDialogTitle: "Add a passkey",
  addDialogDescription:
    "Name it after the device or password manager that keeps it, so you can tell your passkeys apart.",
  nameLabel: "Name",
  continue: "Continue",
  waitingForDevice: "Follow your browser's prompt...",
  loading: "Loading your passkeys...",
  loadFailed: "Your passkeys could not be loaded",
  empty: "No passkeys yet. Add one to sign in without a login code.",
  rename: "Rename",
  renameDialogTitle: "Rename passkey",
  save: "Save",
  saving: "Saving...",
  remove: "Remove",
  removing: "Removing...",
  removeConfirmTitle: (name: string) => `Remove the passkey "${name}"?`,
  removeConfirmDescription:
    "You can no longer sign in with it. With no passkey left, you sign in with a login code again.",
  columnName: "Name",
  columnCreated: "Created",
  columnLastUsed: "Last used",
  neverUsed: "Never",
  // The sign-in page.
  signIn: "Sign in with a passkey",
  signingIn: "Waiting for your passkey...",
  or: "or",
} as const;
