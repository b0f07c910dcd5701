import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../../db/core-schema.ts";

/**
 * Everything the authorization server keeps between requests (sessions, interactions, grants,
 * authorization codes, refresh tokens), so any instance on the same database can continue a
 * login another one started. One row per oidc-provider model instance.
 */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    uid: text("uid"),
    userCode: text("user_code"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index("oidc_payloads_grant_idx").on(table.grantId),
    index("oidc_payloads_uid_idx").on(table.uid),
    index("oidc_payloads_user_code_idx").on(table.userCode),
    index("oidc_payloads_expires_idx").on(table.expiresAt),
  ],
);

/** Keys generated on the first start (token signing, cookie signing, login-code HMAC). */
export const authSecrets = pgTable("auth_secrets", {
  name: text("name").primaryKey(),
  value: jsonb("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The current login code of an address (a new request replaces it). Addresses are stored as an
 * HMAC, and so are codes; rows for addresses without an account exist too (with no user), so an
 * unknown address costs the same work and behaves the same on verify.
 */
export const loginCodes = pgTable(
  "login_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    addressKey: text("address_key").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    interactionUid: text("interaction_uid").notNull(),
    codeHmac: text("code_hmac").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("login_codes_address_unique").on(table.addressKey)],
);

/** One row per code request, for the per-address and per-IP rate limits (kept one hour). */
export const loginCodeRequests = pgTable(
  "login_code_requests",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    addressKey: text("address_key").notNull(),
    ipKey: text("ip_key").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("login_code_requests_address_idx").on(table.addressKey, table.requestedAt),
    index("login_code_requests_ip_idx").on(table.ipKey, table.requestedAt),
  ],
);

/**
 * WebAuthn credentials (passkeys) of staff members. The key is public: a database leak reveals no
 * way to sign in. `counter` is the authenticator's signature counter (0 for synced passkeys,
 * which do not count), kept to spot a cloned security key.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url, as authenticators send it back. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    backedUp: boolean("backed_up").notNull().default(false),
    name: text("name").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revision: integer("revision").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("passkeys_credential_id_unique").on(table.credentialId),
    index("passkeys_user_idx").on(table.userId),
  ],
);

/**
 * Outstanding WebAuthn challenges: single use (taken by a delete), short-lived, and in the
 * database so the instance that checks the answer need not be the one that asked. A registration
 * challenge belongs to a user, a sign-in challenge to a login interaction; each has at most one.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    challenge: text("challenge").notNull(),
    purpose: text("purpose", { enum: ["registration", "authentication"] }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    interactionUid: text("interaction_uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("webauthn_challenges_challenge_unique").on(table.challenge),
    index("webauthn_challenges_user_idx").on(table.userId),
    index("webauthn_challenges_interaction_idx").on(table.interactionUid),
    index("webauthn_challenges_expires_idx").on(table.expiresAt),
  ],
);
