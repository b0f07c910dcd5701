import { loginCodeValidityMinutes, type SessionUser } from "@cm/contracts/auth";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import { codeHmac, generateLoginCode, hmac, normalizeEmail, sameHmac } from "./login-code.ts";
import { loginCodeMail } from "./login-code-mail.ts";
import {
  admitCodeRequest,
  consumeLoginCode,
  deleteStaleLoginData,
  findLoginCode,
  replaceLoginCode,
  spendAttempt,
  type RateLimits,
} from "./login-code.repository.ts";
import { canSignIn, findSessionUserByEmail, findSessionUserById } from "./repository.ts";

/** The login code rules; docs/security.md ("Login code rules, and why") says why. */
export const loginCodeRules = {
  validitySeconds: loginCodeValidityMinutes * 60,
  maxAttempts: 5,
  rateLimits: {
    perAddress: [
      { max: 1, windowSeconds: 60 },
      { max: 5, windowSeconds: 3600 },
    ],
    perIp: [{ max: 30, windowSeconds: 3600 }],
  } satisfies RateLimits,
} as const;

export interface Clock {
  now(): Date;
}

export type CodeRequestResult =
  /** `firstName` only for an address that may sign in: the greeting on the code page. */
  | { outcome: "sent"; firstName?: string }
  | { outcome: "rate_limited"; retryAfterSeconds: number; firstName?: string; hasUsableCode: boolean };

export type CodeVerifyResult =
  { outcome: "verified"; user: SessionUser } | { outcome: "incorrect"; firstName?: string };

export interface LoginCodeServiceDeps {
  db: Database;
  hmacKey: Buffer;
  mailer: Mailer;
  log: FastifyBaseLogger;
  clock: Clock;
  /** False only where configuration turns the limits off (the e2e suite). */
  rateLimited?: boolean;
}

/**
 * Login codes: issued for a login interaction, mailed, verified once. Every address gets the same
 * treatment up to the mail itself (rate limits, a code drawn, hashed and stored, the same
 * queries), so neither the answer nor its timing says whether an address has an account.
 */
export class LoginCodeService {
  readonly #deps: LoginCodeServiceDeps;

  constructor(deps: LoginCodeServiceDeps) {
    this.#deps = deps;
  }

  #addressKey(email: string) {
    return hmac(this.#deps.hmacKey, "address", normalizeEmail(email));
  }

  async requestCode(input: {
    email: string;
    ip: string;
    interactionUid: string;
  }): Promise<CodeRequestResult> {
    const { db, hmacKey, mailer, log, clock } = this.#deps;
    const now = clock.now();
    const email = normalizeEmail(input.email);
    const addressKey = this.#addressKey(email);
    const ipKey = hmac(hmacKey, "ip", input.ip);

    const user = await findSessionUserByEmail(db, email);
    const eligible = user !== undefined && canSignIn(user) ? user : undefined;
    const firstName = eligible?.firstName;

    const admission =
      this.#deps.rateLimited === false
        ? { allowed: true as const }
        : await admitCodeRequest(db, { addressKey, ipKey, now }, loginCodeRules.rateLimits);
    if (!admission.allowed) {
      const current = await findLoginCode(db, addressKey);
      const hasUsableCode =
        !!current &&
        current.interactionUid === input.interactionUid &&
        current.consumedAt === null &&
        current.expiresAt > now &&
        current.attempts < loginCodeRules.maxAttempts;
      log.info(
        { email, retryAfterSeconds: admission.retryAfterSeconds },
        "login code request refused: rate limited",
      );
      return {
        outcome: "rate_limited",
        retryAfterSeconds: admission.retryAfterSeconds,
        firstName,
        hasUsableCode,
      };
    }

    const code = generateLoginCode();
    await replaceLoginCode(db, {
      addressKey,
      userId: eligible?.id ?? null,
      interactionUid: input.interactionUid,
      codeHmac: codeHmac(hmacKey, addressKey, input.interactionUid, code),
      expiresAt: new Date(now.getTime() + loginCodeRules.validitySeconds * 1000),
      createdAt: now,
    });

    if (eligible) {
      mailer.sendLater(loginCodeMail(eligible.email, eligible.firstName, code));
      if (mailer.kind === "outbox")
        log.info({ email: eligible.email, code }, `login code for ${eligible.email}: ${code}`);
    } else {
      const reason = !user
        ? "unknown address"
        : user.status !== "active"
          ? `user ${user.status}`
          : !user.organizationActive
            ? "organization inactive"
            : "customer user without an active store";
      log.info({ email, reason }, "login code request refused: no mail sent");
    }
    return { outcome: "sent", firstName };
  }

  async verifyCode(input: {
    email: string;
    code: string;
    interactionUid: string;
  }): Promise<CodeVerifyResult> {
    const { db, hmacKey, log, clock } = this.#deps;
    const now = clock.now();
    const email = normalizeEmail(input.email);
    const addressKey = this.#addressKey(email);

    const owner = await findSessionUserByEmail(db, email);
    const incorrect = (reason: string): CodeVerifyResult => {
      log.info({ email, reason }, "login code refused");
      return { outcome: "incorrect", firstName: owner && canSignIn(owner) ? owner.firstName : undefined };
    };

    const stored = await findLoginCode(db, addressKey);
    if (!stored) return incorrect("no code requested");
    if (stored.interactionUid !== input.interactionUid) return incorrect("code issued for another login");
    if (stored.consumedAt !== null) return incorrect("code already used");
    if (stored.expiresAt <= now) return incorrect("code expired");
    if (!(await spendAttempt(db, stored.id, loginCodeRules.maxAttempts))) return incorrect("no tries left");
    if (!sameHmac(codeHmac(hmacKey, addressKey, input.interactionUid, input.code), stored.codeHmac)) {
      return incorrect("wrong code");
    }
    if (stored.userId === null) return incorrect("address may not sign in");
    if (!(await consumeLoginCode(db, stored.id, now))) return incorrect("code already used");

    // Checked again: the account may have been deactivated since the code was sent.
    const user = await findSessionUserById(db, stored.userId);
    if (!user || !canSignIn(user)) return incorrect("account no longer active");
    log.info({ userId: user.id }, "login code verified");
    return { outcome: "verified", user };
  }

  deleteStale(): Promise<void> {
    const longestWindow = Math.max(
      ...[...loginCodeRules.rateLimits.perAddress, ...loginCodeRules.rateLimits.perIp].map(
        (limit) => limit.windowSeconds,
      ),
    );
    return deleteStaleLoginData(this.#deps.db, this.#deps.clock.now(), longestWindow);
  }
}
