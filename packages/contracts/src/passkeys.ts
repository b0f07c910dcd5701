import { z } from "zod";
import { entityIdSchema, maxEntityId, revisionedSchema } from "./envelope.ts";
import { passkeyMessages, passkeyNameMaxLength } from "./passkey-rules.ts";

/**
 * Passkeys (WebAuthn): a signed-in staff member registers, names, lists and removes
 * theirs on the Account page; the sign-in page signs in with one (discoverable credentials) in
 * the same login interaction the e-mailed code completes. A user with a passkey must use it: the
 * code alone no longer signs them in, until a person with `people.manage` resets their passkeys.
 * See docs/security.md.
 */

// The paths, limits and messages are defined where the sign-in page can load them without zod.
export {
  maxPasskeysPerUser,
  passkeyChallengeValidityMinutes,
  passkeyHref,
  passkeyMessages,
  passkeyNameMaxLength,
  passkeyPaths,
  passkeyRequiredLoginError,
  userPasskeysHref,
} from "./passkey-rules.ts";

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
