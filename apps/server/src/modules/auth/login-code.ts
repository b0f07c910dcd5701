import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { loginCodeAlphabet, loginCodeLength } from "@cm/contracts/auth";

/** Draws a code with the CSPRNG; `randomInt` is unbiased, so every code is equally likely. */
export function generateLoginCode(): string {
  let code = "";
  for (let i = 0; i < loginCodeLength; i++) code += loginCodeAlphabet[randomInt(loginCodeAlphabet.length)];
  return code;
}

/** Codes are compared uppercased and without surrounding blanks: `abc234 ` is `ABC234`. */
export function normalizeLoginCode(input: string): string {
  return input.trim().toUpperCase();
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Keyed hashes stand in for secrets and personal data in the database: a login code (bound to the
 * address and the login interaction it was issued for), an address, an IP. The purpose prefix
 * keeps one kind of value from ever matching another.
 */
export function hmac(key: Buffer, purpose: "code" | "address" | "ip", ...parts: string[]): string {
  return createHmac("sha256", key)
    .update([purpose, ...parts].join("\u0000"))
    .digest("base64url");
}

export function codeHmac(key: Buffer, addressKey: string, interactionUid: string, code: string): string {
  return hmac(key, "code", addressKey, interactionUid, normalizeLoginCode(code));
}

/** Constant-time comparison of two HMACs (same length by construction). */
export function sameHmac(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
