import { z } from "zod";
import { entityIdSchema, maxEntityId, revisionedSchema } from "./envelope.ts";

/**
 * Passkeys (WebAuthn, issue 14): a signed-in staff member registers, names, lists and removes
 * theirs on the Account page; the sign-in page signs in with one (discoverable credentials) in
 * the same login interaction the e-mailed code completes. A user with a passkey must use it: the
 * code alone no longer signs them in, until a person with `people.manage` resets their passkeys.
 * See docs/security.md.
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

export const passkeyNameSchema = z
  .string(passkeyMessages.nameRequired)
  .trim()
  .min(1, passkeyMessages.nameRequired)
  .max(passkeyNameMaxLength, passkeyMessages.nameTooLong);

/** A passkey as its owner sees it; the key itself never leaves the server. */
export const passkeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    /** Synced by a password manager (it survives the loss of one device). */
    backedUp: z.boolean(),
  })
  .extend(revisionedSchema.shape);
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyParamsSchema = z.object({
  passkeyId: z.coerce.number().int().min(1).max(maxEntityId),
});

export const renamePasskeyInputSchema = z.object({
  name: passkeyNameSchema,
  expectedRevision: z.number().int().positive().optional(),
});
export type RenamePasskeyInput = z.input<typeof renamePasskeyInputSchema>;

/** The name form of the Account page, for both adding and renaming. */
export const passkeyNameFormSchema = z.object({ name: passkeyNameSchema });
export type PasskeyNameForm = z.input<typeof passkeyNameFormSchema>;

/** `data` of the reset: how many passkeys the user had. */
export const passkeyResetSchema = z.object({ userId: entityIdSchema, removed: z.number().int() });
export type PasskeyReset = z.infer<typeof passkeyResetSchema>;

// WebAuthn's JSON forms (WebAuthn Level 3 `toJSON()`), as @simplewebauthn writes and reads them.
const maxEncodedBytes = 64 * 1024;
const base64UrlSchema = z
  .string()
  .max(maxEncodedBytes)
  .regex(/^[A-Za-z0-9_-]*$/, "Expected base64url");

export const authenticatorTransportValues = [
  "ble",
  "cable",
  "hybrid",
  "internal",
  "nfc",
  "smart-card",
  "usb",
] as const;
const transportSchema = z.enum(authenticatorTransportValues);

const credentialDescriptorSchema = z.object({
  id: base64UrlSchema,
  type: z.literal("public-key"),
  transports: z.array(transportSchema).optional(),
});

const userVerificationSchema = z.enum(["required", "preferred", "discouraged"]);
const hintsSchema = z.array(z.enum(["hybrid", "security-key", "client-device"])).optional();

/** `data` of the registration options: what `navigator.credentials.create()` is given. */
export const passkeyRegistrationOptionsSchema = z.looseObject({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: base64UrlSchema, name: z.string(), displayName: z.string() }),
  challenge: base64UrlSchema,
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal("public-key") })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
      userVerification: userVerificationSchema.optional(),
    })
    .optional(),
  hints: hintsSchema,
  attestation: z.enum(["direct", "enterprise", "indirect", "none"]).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** `data` of the sign-in options: what `navigator.credentials.get()` is given (no allowCredentials). */
export const passkeySignInOptionsSchema = z.looseObject({
  challenge: base64UrlSchema,
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: userVerificationSchema.optional(),
  hints: hintsSchema,
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type PasskeySignInOptions = z.infer<typeof passkeySignInOptionsSchema>;

const clientExtensionResultsSchema = z.record(z.string(), z.unknown());
const authenticatorAttachmentSchema = z.enum(["platform", "cross-platform"]).optional();

/** What `navigator.credentials.create()` answered, as JSON. */
export const registrationResponseSchema = z.object({
  id: base64UrlSchema.min(1),
  rawId: base64UrlSchema.min(1),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64UrlSchema,
    attestationObject: base64UrlSchema,
    authenticatorData: base64UrlSchema.optional(),
    // Kept as the browser says them; the server stores only the transports it knows.
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64UrlSchema.optional(),
  }),
  authenticatorAttachment: authenticatorAttachmentSchema,
  clientExtensionResults: clientExtensionResultsSchema,
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** What `navigator.credentials.get()` answered, as JSON. */
export const authenticationResponseSchema = z.object({
  id: base64UrlSchema.min(1),
  rawId: base64UrlSchema.min(1),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64UrlSchema,
    authenticatorData: base64UrlSchema,
    signature: base64UrlSchema,
    userHandle: base64UrlSchema.optional(),
  }),
  authenticatorAttachment: authenticatorAttachmentSchema,
  clientExtensionResults: clientExtensionResultsSchema,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

/** The body of the registration: the new passkey's name and the browser's answer. */
export const registerPasskeyInputSchema = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});
export type RegisterPasskeyInput = z.input<typeof registerPasskeyInputSchema>;

/** The body of the passkey sign-in. */
export const passkeySignInInputSchema = z.object({ response: authenticationResponseSchema });
export type PasskeySignInInput = z.infer<typeof passkeySignInInputSchema>;

/** `data` of a successful passkey sign-in: where the browser goes on (the authorization server). */
export const passkeySignInResultSchema = z.object({ redirectTo: z.url() });
export type PasskeySignInResult = z.infer<typeof passkeySignInResultSchema>;
