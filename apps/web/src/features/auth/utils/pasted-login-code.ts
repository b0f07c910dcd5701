import { loginCodeLength, loginCodePattern } from "@cm/contracts/auth-rules";

/**
 * The code in a pasted text, if it is one: mail clients add blanks around or inside what was
 * copied. Codes are compared case-insensitively, so it comes back uppercased as displayed.
 */
export function pastedLoginCode(text: string): string | null {
  const candidate = text.replace(/\s+/g, "");
  return candidate.length >= loginCodeLength && loginCodePattern.test(candidate)
    ? candidate.toUpperCase()
    : null;
}
