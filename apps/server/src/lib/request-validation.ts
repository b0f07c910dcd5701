import { genericMessages, requestNestingLimit } from "@cm/contracts/messages";
import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * What PostgreSQL cannot store in text: NUL, and a lone UTF-16 surrogate, which is no character at
 * all (a well-formed pair is one code point, so `\p{Cs}` finds only lone ones). The driver sends a
 * lone surrogate in text as U+FFFD, silently changing it, and PostgreSQL refuses it in JSON.
 */
function unstorableIn(text: string): string | undefined {
  if (text.includes("\u0000")) return genericMessages.nulCharacter;
  if (/\p{Cs}/u.test(text)) return genericMessages.loneSurrogate;
  return undefined;
}

/**
 * Parsed JSON and forms are plain objects and arrays, a parsed query string an object whose
 * prototype has none; anything else (a Buffer or stream body) is not text to walk.
 */
function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== "object" || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

type Found = { path: PropertyKey[]; message: string };

/**
 * Where such text hides in a request part: in string values and in keys (a record's keys are
 * stored too). Walked with a stack of its own, not by recursion: a body nested 10,000 deep (a few
 * kilobytes of brackets) would overflow the call stack. Nothing the API takes nests deeper than
 * `requestNestingLimit`, so a part that does is refused there instead of walked on.
 */
function unstorablePaths(part: unknown): Found[] {
  const found: Found[] = [];
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value: part, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === "string") {
      const message = unstorableIn(value);
      if (message) found.push({ path, message });
    } else if (isPlainContainer(value)) {
      if (path.length >= requestNestingLimit) {
        found.push({ path, message: genericMessages.nestedTooDeeply });
        continue;
      }
      for (const [key, item] of Object.entries(value)) {
        const itemPath = [...path, Array.isArray(value) ? Number(key) : key];
        const message = unstorableIn(key);
        if (message) found.push({ path: itemPath, message });
        else pending.push({ value: item, path: itemPath });
      }
    }
  }
  return found;
}

const storableText = z.unknown().superRefine((value, context) => {
  for (const { path, message } of unstorablePaths(value)) context.addIssue({ code: "custom", path, message });
});

/**
 * The app's validator: zod's, after refusing NUL and lone surrogates anywhere in the part (body,
 * query, params), and nesting deeper than any request of the API. PostgreSQL cannot store those
 * characters, so a name holding one would otherwise get past every schema and fail as a 500 in
 * SQL. Failing here makes it an ordinary validation error, which each route answers its usual way
 * (its 400 message, the field errors).
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) => {
  const refuseUnstorable = zodValidatorCompiler({ ...route, schema: storableText });
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const refused = refuseUnstorable(data);
    return typeof refused === "object" && "error" in refused && refused.error ? refused : validate(data);
  };
};
