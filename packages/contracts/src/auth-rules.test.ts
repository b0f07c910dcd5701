import { describe, expect, it } from "vitest";
import { loginCodeSchema, loginEmailSchema } from "./auth.ts";
import { regexes } from "zod/v4/core";
import { loginCodeProblem, loginEmailPattern, loginEmailProblem } from "./auth-rules.ts";

/** The sign-in pages check with the plain rules, the server with the schemas: they must agree. */
function schemaProblem(schema: typeof loginEmailSchema | typeof loginCodeSchema, value: string) {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe("sign-in field rules", () => {
  it.each([
    "ada@example.com",
    "  ada@example.com ",
    "",
    "   ",
    "ada@",
    "ada",
    "ada@example",
    "a.b+c@sub.example.co",
    ".ada@example.com",
    "ada..b@example.com",
    "ada@exa_mple.com",
    "ada@example.c",
    "ådа@example.com",
  ])("the e-mail %j gets the same answer from the page's check and the server's schema", (value) => {
    expect(loginEmailProblem(value)).toBe(schemaProblem(loginEmailSchema, value));
  });

  it.each(["K7M2PQ", " k7m2pq ", "K7M", "K7M2PQX", "O0I1L5", "", "K7 M2PQ"])(
    "the code %j gets the same answer from the page's check and the server's schema",
    (value) => {
      expect(loginCodeProblem(value)).toBe(schemaProblem(loginCodeSchema, value));
    },
  );
});

describe("the sign-in e-mail pattern", () => {
  it("is zod's own e-mail pattern, copied so the sign-in page does not load zod's regexes", () => {
    // The same pattern, written without zod's needless escapes of "-" at the end of a class.
    expect(loginEmailPattern.source).toBe(regexes.email.source.replaceAll("\\-", "-"));
    expect(loginEmailPattern.flags).toBe(regexes.email.flags);
  });
});
