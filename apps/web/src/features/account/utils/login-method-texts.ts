import { passkeyMessages } from "@cm/contracts/passkeys";

/** What the Login options say, by whether the person has a passkey (docs/security.md, Passkeys). */
export const loginMethodTexts = {
  otp: "OTP",
  passkey: "Passkey",
  otpSignsIn: "Signs you in: a one-time login code is e-mailed to you each time you sign in.",
  otpReplaced:
    "No longer signs you in on its own: while you have a passkey, the e-mailed code is refused. If you lose your passkeys, ask a people manager to reset them.",
  passkeySignsIn: (count: number) =>
    `Signs you in: choose "${passkeyMessages.signIn}" on the sign-in page (${count === 1 ? "1 passkey" : `${count} passkeys`} below).`,
  passkeyNone: "Add a passkey below to sign in with it instead of an e-mailed code.",
  passkeyChecking: "Checking your passkeys…",
} as const;
