import {
  bigint,
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
