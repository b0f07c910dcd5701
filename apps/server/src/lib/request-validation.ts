import { genericMessages } from "@cm/contracts/messages";
import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

const nul = "\u0000";

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

/** Where NUL hides in a request part: in string values and in keys (a record's keys are stored too). */
function nulPaths(value: unknown, path: PropertyKey[] = [], found: PropertyKey[][] = []): PropertyKey[][] {
  if (typeof value === "string") {
    if (value.includes(nul)) found.push(path);
  } else if (isPlainContainer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const itemPath = [...path, Array.isArray(value) ? Number(key) : key];
      if (key.includes(nul)) found.push(itemPath);
      else nulPaths(item, itemPath, found);
    }
  }
  return found;
}

const withoutNul = z.unknown().superRefine((value, context) => {
  for (const path of nulPaths(value))
    context.addIssue({ code: "custom", path, message: genericMessages.nulCharacter });
});

/**
 * The app's validator: zod's, after refusing NUL anywhere in the part (body, query, params).
 * PostgreSQL refuses NUL in text, so a name holding one would otherwise get past every schema and
 * fail as a 500 at the insert. Failing here makes it an ordinary validation error, which each route
 * answers its usual way (its 400 message, the field errors, `attachValidation` routes included).
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) => {
  const refuseNul = zodValidatorCompiler({ ...route, schema: withoutNul });
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const refused = refuseNul(data);
    return typeof refused === "object" && "error" in refused && refused.error ? refused : validate(data);
  };
};
