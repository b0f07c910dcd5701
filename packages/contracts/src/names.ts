import { z } from "zod";

/**
 * Characters that change how a name reads without being seen: text-direction controls (an
 * override turns "Evil\u202Egpj.exe" into what looks like "Evilexe.jpg"), zero-width spaces and
 * joiners, the word joiner and invisible operators, the byte order mark, the soft hyphen, the
 * Mongolian vowel separator. A name holding one can pass for another ("Crocs" and "Crocs" with a
 * zero-width space are two brands that read alike).
 */
const invisibleCharacters = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;

export const nameMessages = {
  invisibleCharacters: "Name must not contain invisible characters or text direction controls",
} as const;

function hasInvisibleCharacters(text: string): boolean {
  return invisibleCharacters.test(text);
}

/**
 * A name as it is stored: Unicode NFC (an "é" typed as one code point or as "e" and an accent is
 * the same name), surrounding white space trimmed, and nothing invisible in it. Uniqueness is
 * compared on this form, case-folded (`lower(name)` in the unique indexes). `minLength` above 1
 * (a new user's names) refuses a shorter name with `tooShort`; a blank one is only `required`.
 */
export function nameSchema(
  messages: { required: string; tooLong: string; tooShort?: string },
  maxLength: number,
  minLength = 1,
) {
  const required = z.string(messages.required).normalize("NFC").trim().min(1, {
    error: messages.required,
    abort: true,
  });
  return (minLength > 1 ? required.min(minLength, messages.tooShort) : required)
    .max(maxLength, messages.tooLong)
    .refine((name) => !hasInvisibleCharacters(name), nameMessages.invisibleCharacters);
}
