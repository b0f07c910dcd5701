import { preSegmentedErrorsSchema } from "@cm/contracts/catalog-segmentation";
import { errorEnvelopeSchema } from "@cm/contracts/envelope";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../test/auth.ts";
import {
  openApiRoutes,
  routeWalkOptions,
  type JsonSchema,
  type OpenApiRoute,
} from "../test/openapi-routes.ts";
import { changedTables, tableChecksums, type TableChecksum } from "../test/table-checksums.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { brands, organizations, products, roles, stores, users } from "./db/schema.ts";
import { createLineList } from "./modules/line-lists/service.ts";

/**
 * Every route of the OpenAPI document, sent requests built from its own schema and broken on
 * purpose, as the signed-in admin (so the guard lets them in and the route itself must cope).
 *
 * The rule, since a malformed request can be a valid one (an extra field is stripped, a string
 * full of control characters is still a string):
 * - A *broken* request breaks at least one thing its schema or Fastify must refuse: a wrong type,
 *   a missing required field, a value out of its bounds, NUL or a lone surrogate in text, an id of
 *   no row, malformed JSON, an unsupported content type, a body over the limit. It must get a 4xx
 *   with the error envelope, and no table may change.
 * - A *hostile* request is well formed but full of what breaks code (control and RTL characters,
 *   lone surrogates, bounds, extra fields, existing and unknown ids). It may succeed; it must
 *   never get a 5xx; when refused it gets the envelope, and a refused one changes no table.
 * A table a request changes by design, refused or not, is left out of the comparison with its reason.
 */

/** Tables written whatever the request's fate; everything else must be left as it was. */
const tablesChangedByDesign = new Map([
  ["webauthn_challenges", "passkey options calls issue a challenge each, refused or not"],
]);

/** Requests per route and kind: fast-check samples, on top of the fixed classic cases. */
const brokenRuns = 10;
const hostileRuns = 6;
const unknownId = 987_654_321;
const oneMegabyte = "x".repeat(1024 * 1024);
/** Larger than any route's body limit (the segmentation file's is the largest). */
const oversizedBody = Buffer.alloc(6 * 1024 * 1024 + 1, "x");
/** Deeper than any walk of it by recursion survives (the call stack overflows). */
const deeplyNested = `${'{"a":['.repeat(10_000)}${"]}".repeat(10_000)}`;
/** Stands for a JSON token JSON.stringify cannot write: replaced in the text after stringifying. */
const infinityToken = "\u0001walk-infinity\u0001";

const hostileTexts = [
  "\u202eevil\u202c",
  "\ud800",
  "x\udfffy",
  "a\u0001b\u0007c\u001b[0m",
  "\u200b\ufeff\u00ad",
  "🦶🏽👟",
  "'; drop table brands; --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00%ff",
  '\\"',
  "null",
  "\u0085\u2028\u2029",
  "  padded  ",
];
const hostileDates = ["0001-01-01", "9999-12-31", "2024-02-29", "1970-01-01"];
const hostileDateTimes = ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "1970-01-01T00:00:00+14:00"];

type JsonType = "null" | "boolean" | "integer" | "number" | "string" | "array" | "object";

function jsonType(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value as JsonType;
}

/** The JSON types a schema accepts; undefined when it accepts anything. */
function typesOf(schema: JsonSchema): Set<JsonType> | undefined {
  if (schema.enum) return new Set(schema.enum.map(jsonType));
  if (schema.const !== undefined) return new Set([jsonType(schema.const)]);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const all = new Set<JsonType>();
    for (const branch of branches) {
      const types = typesOf(branch);
      if (!types) return undefined;
      for (const type of types) all.add(type);
    }
    return all;
  }
  if (schema.type === undefined) return undefined;
  return new Set((Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[]);
}

const accepts = (types: Set<JsonType>, type: JsonType) =>
  types.has(type) || (type === "integer" && types.has("number"));

/** The ids the walk seeded, by the name of the field or parameter that carries one. */
type IdPools = Map<string, number[]>;

function idsFor(pools: IdPools, name: string, resource: string): number[] | undefined {
  const key = name
    .toLowerCase()
    .replace(/[^a-z]/g, "")
    .replace(/ids$/, "id");
  if (!key.endsWith("id")) return undefined;
  const named = [...pools.keys()].filter((pool) => key.endsWith(pool)).sort((a, b) => b.length - a.length)[0];
  return [...(pools.get(named ?? resource) ?? pools.get("any")!), unknownId];
}

interface Context {
  pools: IdPools;
  /** The kind of row a bare `id` names on this route. */
  resource: string;
  /** Query and path values are text: numbers arrive as digits and are coerced. */
  text: boolean;
}

const fit = (schema: JsonSchema) => (value: string) => {
  let text = value.slice(0, schema.maxLength ?? value.length);
  while (text.length < (schema.minLength ?? 0)) text += "x";
  return text;
};

function stringArbitrary(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  if (schema.format === "date") return fc.constantFrom(...hostileDates);
  if (schema.format === "date-time") return fc.constantFrom(...hostileDateTimes);
  if (schema.format === "uri") return fc.constantFrom("https://example.com/\u202e", "javascript:alert(1)");
  if (/email/i.test(name)) {
    return fc
      .tuple(fc.constantFrom("walk", "WALK.Upper", "walk+tag", "\u202ewalk"), fc.nat(1_000_000))
      .map(([local, n]) => `${local}-${n}@example.com`);
  }
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .map((text) => text.slice(0, schema.maxLength ?? text.length))
      .filter((text) => text.length >= (schema.minLength ?? 0));
  }
  return fc
    .oneof(fc.constantFrom(...hostileTexts), fc.string({ unit: "binary", maxLength: 12 }))
    .map((text) => text.replaceAll("\u0000", ""))
    .map(fit(schema));
}

function numberBounds(schema: JsonSchema, integer: boolean) {
  const limit = integer ? 2 ** 31 - 1 : 1e300;
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -limit);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : limit);
  return { min: Math.max(min, -Number.MAX_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) };
}

/** Well-formed values of the schema, full of what breaks code. */
function validValue(schema: JsonSchema, name: string, context: Context): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => validValue(branch, name, context)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => validValue({ ...schema, type }, name, context)));
  }
  switch (schema.type) {
    case "object": {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0)
        return fc.dictionary(fc.constantFrom(...hostileTexts), fc.string(), { maxKeys: 3 });
      return fc.record(
        Object.fromEntries(properties.map(([key, property]) => [key, validValue(property, key, context)])),
        { requiredKeys: schema.required ?? [] },
      );
    }
    case "array":
      return fc.array(validValue(schema.items ?? {}, name, context), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case "string":
      return stringArbitrary(schema, name);
    case "integer": {
      const ids = idsFor(context.pools, name, context.resource);
      if (ids) return fc.constantFrom(...ids);
      const { min, max } = numberBounds(schema, true);
      return fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max }));
    }
    case "number": {
      const { min, max } = numberBounds(schema, false);
      return fc.oneof(
        fc.constantFrom(min, max, Math.min(max, min + 0.005)),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.constantFrom(...hostileTexts);
  }
}

interface Broken {
  value: unknown;
  why: string;
}

/** Values the schema must refuse; undefined when it accepts anything. */
function brokenValue(schema: JsonSchema, name: string, context: Context): fc.Arbitrary<Broken> | undefined {
  // The app's validator refuses NUL and lone surrogates in any text (PostgreSQL cannot store them);
  // a URL cannot carry a lone surrogate (it arrives as U+FFFD).
  const options: fc.Arbitrary<Broken>[] = [fc.constant({ value: "walk\u0000\u202e", why: "NUL" })];
  if (!context.text) options.push(fc.constant({ value: "walk\ud800", why: "a lone surrogate" }));
  const types = typesOf(schema);
  if (!types) return context.text ? fc.oneof(...options) : undefined;
  const single = types.size === 1 && !schema.anyOf && !schema.oneOf ? [...types][0] : undefined;

  if (context.text) {
    if (!types.has("string") || schema.enum)
      options.push(fc.constant({ value: "walk-abc", why: "not a number" }));
  } else {
    const candidates: [JsonType, unknown][] = [
      ["string", "walk"],
      ["integer", 7],
      ["number", 7.5],
      ["array", []],
      ["object", {}],
      ["null", null],
    ];
    // Coerced numbers take `true` as 1, so a boolean is wrong only where no number is expected.
    if (!accepts(types, "integer")) candidates.push(["boolean", true]);
    for (const [type, value] of candidates) {
      if (!accepts(types, type)) options.push(fc.constant({ value, why: `a ${type}` }));
    }
    if (accepts(types, "integer") || types.has("string")) {
      options.push(fc.constant({ value: infinityToken, why: "1e400" }));
    }
  }
  if (schema.enum && schema.enum.every((value) => typeof value === "string")) {
    options.push(fc.constant({ value: "walk-not-listed", why: "not in the enum" }));
  }

  if (single === "integer" || single === "number") {
    const { min, max } = numberBounds(schema, single === "integer");
    const asValue = (value: number) => (context.text ? String(value) : value);
    if (schema.minimum !== undefined || schema.exclusiveMinimum !== undefined) {
      options.push(fc.constant({ value: asValue(min - 1), why: "below the minimum" }));
    }
    if (schema.maximum !== undefined || schema.exclusiveMaximum !== undefined) {
      options.push(
        fc.constantFrom(
          { value: asValue(max + 1), why: "above the maximum" },
          { value: context.text ? "1e400" : infinityToken, why: "huge" },
        ),
      );
    }
    if (single === "integer") options.push(fc.constant({ value: asValue(min + 0.5), why: "a fraction" }));
    if (context.text)
      options.push(fc.constantFrom({ value: "NaN", why: "NaN" }, { value: "Infinity", why: "Infinity" }));
  }
  if (single === "string" && !schema.enum) {
    if ((schema.minLength ?? 0) > 0 && !context.text) options.push(fc.constant({ value: "", why: "empty" }));
    if (schema.maxLength !== undefined && schema.maxLength < 2 ** 20) {
      options.push(
        fc.constantFrom(
          { value: "x".repeat(schema.maxLength + 1), why: "too long" },
          { value: oneMegabyte, why: "1 MB" },
        ),
      );
    }
    if (schema.pattern) {
      const pattern = new RegExp(schema.pattern);
      const mismatch = ["walk-abc!", "2024-02-30", "!"].find((candidate) => !pattern.test(candidate));
      if (mismatch) options.push(fc.constant({ value: mismatch, why: "not matching its pattern" }));
    } else if (schema.format === "date") {
      options.push(fc.constant({ value: "2024-02-30", why: "no such date" }));
    }
  }
  if (single === "object" && !context.text) {
    const base = validValue(schema, name, context) as fc.Arbitrary<Record<string, unknown>>;
    for (const key of schema.required ?? []) {
      options.push(base.map(({ [key]: _missing, ...rest }) => ({ value: rest, why: `${key} missing` })));
    }
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      const broken = brokenValue(property, key, context);
      if (!broken) continue;
      options.push(
        fc.tuple(base, broken).map(([value, inner]) => ({
          value: { ...value, [key]: inner.value },
          why: `${key}: ${inner.why}`,
        })),
      );
    }
  }
  if (single === "array" && !context.text) {
    if ((schema.minItems ?? 0) > 0) options.push(fc.constant({ value: [], why: "no items" }));
    const items = schema.items ?? {};
    if (schema.maxItems !== undefined && schema.maxItems <= 10_000) {
      options.push(
        validValue(items, name, context).map((item) => ({
          value: Array.from({ length: schema.maxItems! + 1 }, () => item),
          why: "too many items",
        })),
      );
    }
    const brokenItem = brokenValue(items, name, context);
    if (brokenItem) {
      options.push(
        fc.tuple(validValue(schema, name, context), brokenItem).map(([value, inner]) => ({
          value: [...(value as unknown[]), inner.value],
          why: `an item: ${inner.why}`,
        })),
      );
    }
  }
  return fc.oneof(...options);
}

/** JSON text, with the tokens JSON.stringify cannot write put in. */
function jsonText(value: unknown): string {
  return JSON.stringify(value).replaceAll(JSON.stringify(infinityToken), "1e400");
}

interface WalkRequest {
  method: OpenApiRoute["method"];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the request breaks; null for a hostile but well-formed request. */
  broken: string | null;
}

interface RequestParts {
  path: Record<string, string>;
  query: [string, string][];
  body?: unknown;
}

function encodePathValue(value: unknown): string {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return "%ED%A0%80"; // a lone surrogate, as the bytes a client could still send
  }
}

function toQuery(name: string, value: unknown): [string, string][] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map((item) => [name, String(item)]);
  return [[name, String(value)]];
}

function buildRequest(
  route: OpenApiRoute,
  parts: RequestParts,
  broken: string | null,
  bodyText?: string | Buffer,
): WalkRequest {
  const path = route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => parts.path[name] ?? "1");
  const query = new URLSearchParams(parts.query).toString();
  const payload = bodyText ?? (parts.body === undefined ? undefined : jsonText(parts.body));
  return {
    method: route.method,
    url: query ? `${path}?${query}` : path,
    headers: payload === undefined || bodyText !== undefined ? {} : { "content-type": "application/json" },
    payload,
    broken,
  };
}

function jsonBodySchema(route: OpenApiRoute): JsonSchema | undefined {
  return route.body?.content["application/json"];
}

/** Well-formed parts of a request to the route: path, query and JSON body from its schemas. */
function validParts(route: OpenApiRoute, context: Context): fc.Arbitrary<RequestParts> {
  const path = route.parameters.filter((parameter) => parameter.in === "path");
  const query = route.parameters.filter((parameter) => parameter.in === "query");
  const bodySchema = jsonBodySchema(route);
  const textContext = { ...context, text: true };
  return fc.record({
    path: fc.record(
      Object.fromEntries(
        path.map((parameter) => [
          parameter.name,
          parameter.name === "*"
            ? fc.constantFrom("walk/file.xlsx", "..%2F..%2Fetc%2Fpasswd", "%E2%80%AE.xlsx")
            : validValue(parameter.schema, parameter.name, textContext).map(encodePathValue),
        ]),
      ),
    ),
    query: fc
      .tuple(
        ...query.map((parameter) =>
          fc
            .option(validValue(parameter.schema, parameter.name, textContext), { nil: undefined })
            .map((value) => toQuery(parameter.name, value)),
        ),
      )
      .map((entries) => entries.flat()),
    body: bodySchema ? validValue(bodySchema, "body", context) : fc.constant(undefined),
  });
}

/** Extra fields a request may carry: ignored by the schema, never a reason for a 5xx. */
const extraFields = fc.dictionary(
  fc.constantFrom("walkExtra", "isAdmin", "role", "\u202eextra", "id"),
  fc.oneof(fc.constantFrom(...hostileTexts), fc.integer(), fc.constant(null)),
  { maxKeys: 2 },
);

function hostileRequests(route: OpenApiRoute, context: Context): fc.Arbitrary<WalkRequest> {
  return fc.tuple(validParts(route, context), extraFields, fc.boolean()).map(([parts, extra, addExtra]) => {
    const body =
      addExtra && parts.body && typeof parts.body === "object" && !Array.isArray(parts.body)
        ? { ...parts.body, ...extra }
        : parts.body;
    const query = addExtra
      ? [...parts.query, ...Object.entries(extra).map(([k, v]) => [k, String(v)] as [string, string])]
      : parts.query;
    return buildRequest(route, { ...parts, body, query }, null);
  });
}

/** Requests to the route with exactly one part broken, the rest well formed; none when nothing can be. */
function brokenRequests(route: OpenApiRoute, context: Context): fc.Arbitrary<WalkRequest> | undefined {
  const textContext = { ...context, text: true };
  const breaks: fc.Arbitrary<{ apply: (parts: RequestParts) => RequestParts; why: string }>[] = [];
  for (const parameter of route.parameters) {
    if (parameter.in === "path") {
      if (parameter.name === "*") continue; // any path: the signature decides, see the classic cases
      const pathBreaks = fc.constantFrom(
        String(unknownId),
        "walk-abc",
        "-1",
        "1.5",
        "99999999999",
        "%00",
        "%E2%80%AE1",
        "%ED%A0%80",
        "1%20OR%201%3D1",
        "9".repeat(400),
      );
      breaks.push(
        pathBreaks.map((value) => ({
          apply: (parts) => ({ ...parts, path: { ...parts.path, [parameter.name]: value } }),
          why: `path ${parameter.name}=${value.slice(0, 20)}`,
        })),
      );
    } else if (parameter.in === "query") {
      const broken = brokenValue(parameter.schema, parameter.name, textContext);
      const values = fc.oneof(
        broken ?? fc.constant({ value: "walk\u0000", why: "NUL" }),
        fc.constant({ value: ["1", "2"], why: "repeated" }),
      );
      breaks.push(
        values.map(({ value, why }) => ({
          apply: (parts) => ({
            ...parts,
            query: [
              ...parts.query.filter(([name]) => name !== parameter.name),
              ...toQuery(parameter.name, value),
            ],
          }),
          why: `query ${parameter.name}: ${why}`,
        })),
      );
    }
  }
  const bodySchema = jsonBodySchema(route);
  const brokenBody = bodySchema && brokenValue(bodySchema, "body", context);
  if (brokenBody) {
    breaks.push(
      brokenBody.map(({ value, why }) => ({
        apply: (parts) => ({ ...parts, body: value }),
        why: `body ${why}`,
      })),
    );
  }
  if (breaks.length === 0) return undefined;
  return fc
    .tuple(validParts(route, context), fc.oneof(...breaks))
    .map(([parts, { apply, why }]) => buildRequest(route, apply(parts), why));
}

/** The fixed cases: what Fastify must refuse before any schema, and ids no row has. */
function classicRequests(route: OpenApiRoute, context: Context): WalkRequest[] {
  const [parts] = fc.sample(validParts(route, context), { numRuns: 1, seed: 1 });
  const base = parts!;
  const bodySchema = jsonBodySchema(route);
  const hasBody = route.method !== "GET" && route.body !== undefined;
  const required = new Set(bodySchema?.required ?? []);
  // Without a declared body, a malformed one may still be ignored: well formed, not broken.
  const brokenIf = (why: string, condition = hasBody) => (condition ? why : null);
  const raw = (why: string | null, payload: string | Buffer, contentType: string): WalkRequest => ({
    ...buildRequest(route, base, why, payload),
    headers: { "content-type": contentType },
  });
  const valid = base.body === undefined ? "{}" : jsonText(base.body);
  const withFirstKey = (entry: string) =>
    valid === "{}" ? `{${entry}}` : valid.replace(/^\{/, `{${entry}, `);
  const requests: WalkRequest[] = [
    raw(brokenIf("malformed JSON"), '{"name": ', "application/json"),
    raw(brokenIf("an empty JSON body"), "", "application/json"),
    raw(brokenIf("JSON null"), "null", "application/json"),
    raw(brokenIf("a JSON array"), "[]", "application/json"),
    raw(brokenIf("__proto__"), withFirstKey('"__proto__": {"isAdmin": true}'), "application/json"),
    raw(
      brokenIf("constructor.prototype"),
      withFirstKey('"constructor": {"prototype": {"isAdmin": true}}'),
      "application/json",
    ),
    raw(brokenIf("an unsupported content type"), valid, "application/xml"),
    raw(
      brokenIf("multipart without a parser"),
      "--walk\r\n\r\nx\r\n--walk--",
      "multipart/form-data; boundary=walk",
    ),
    raw(
      brokenIf("a form missing required fields", required.size > 0),
      "walk=1",
      "application/x-www-form-urlencoded",
    ),
    raw(brokenIf("a body over the limit"), oversizedBody, "application/json"),
    raw(brokenIf("JSON nested 10,000 deep"), deeplyNested, "application/json"),
    raw(brokenIf("a field nested 10,000 deep"), withFirstKey(`"walk": ${deeplyNested}`), "application/json"),
    raw(null, Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), "application/json"),
  ];
  for (const contentType of Object.keys(route.body?.content ?? {})) {
    if (contentType !== "application/json") {
      requests.push(raw(brokenIf(`${contentType} over the limit`), oversizedBody, contentType));
    }
  }
  const pathNames = route.parameters.filter((parameter) => parameter.in === "path").map(({ name }) => name);
  if (pathNames.length > 0) {
    const unknown = Object.fromEntries(
      pathNames.map((name) => [name, name === "*" ? "walk/none.xlsx" : String(unknownId)]),
    );
    requests.push(buildRequest(route, { ...base, path: unknown }, "ids of no row"));
    requests.push(
      buildRequest(
        route,
        { ...base, path: Object.fromEntries(pathNames.map((name) => [name, "%"])) },
        "a bad escape",
      ),
    );
  }
  return requests;
}

function resourceOf(path: string): string {
  const segment = path.split("/")[2] ?? "";
  const resources: Record<string, string> = {
    roles: "roleid",
    users: "userid",
    organizations: "organizationid",
    stores: "storeid",
    orders: "orderid",
    "line-lists": "linelistid",
  };
  return resources[segment] ?? "any";
}

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}

describe("every route, with malformed requests", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  const pools: IdPools = new Map();
  const options = routeWalkOptions();

  beforeAll(async () => {
    testApp = await createTestApp(options.log ? { LOG_LEVEL: "error" } : {});
    auth = await signIn(testApp);
    const { db } = testApp.database;
    const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    const [crocs] = await db.select().from(brands).where(eq(brands.name, "Crocs"));
    const [brand] = await db.insert(brands).values({ name: "Walk Brand" }).returning();
    const [organization] = await db
      .insert(organizations)
      .values({ name: "Walk Customer", type: "external", status: "active" })
      .returning();
    const [store] = await db
      .insert(stores)
      .values({
        organizationId: organization!.id,
        name: "Walk Store",
        logoUrl: "/store-logo-placeholder.svg",
        status: "active",
      })
      .returning();
    const [role] = await db
      .insert(roles)
      .values({ name: "Walk Role", type: "internal", status: "active", permissions: [] })
      .returning();
    const [user] = await db
      .insert(users)
      .values({
        email: "walk-user@example.com",
        firstName: "Walk",
        lastName: "User",
        type: "internal",
        status: "active",
        organizationId: admin!.organizationId,
        roleId: role!.id,
      })
      .returning();
    const saved = await createLineList(
      db,
      {
        brandId: crocs!.id,
        name: "WALK",
        stage: "saved",
        type: "own-stock",
        products: ["A", "B"].map((style) => ({
          modelCode: `WALK-${style}`,
          silhouette: `Walk ${style}`,
          color: "Black",
          msrp: "59.99",
          sizes: [{ size: "M8", sku: `WALK-${style}-8` }],
        })),
        catalogs: { crocs: ["WALK-A"] },
        sortingCompleted: true,
        published: true,
      },
      admin!.id,
    );
    const preview = await createLineList(
      db,
      { brandId: crocs!.id, name: "WALKP", stage: "preview" },
      admin!.id,
    );
    const items = await db.select({ id: products.id }).from(products).where(eq(products.brandId, crocs!.id));
    const order = await testApp.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: auth,
      payload: {
        storeId: store!.id,
        orderType: "open-stock",
        lines: [{ lineListId: saved.id, sku: "WALK-A-8", quantity: 1 }],
      },
    });
    expect(order.statusCode, order.body).toBe(201);

    pools.set("brandid", [brand!.id, crocs!.id]);
    pools.set("organizationid", [organization!.id]);
    pools.set("storeid", [store!.id]);
    pools.set("roleid", [role!.id]);
    pools.set("userid", [user!.id]);
    pools.set("linelistid", [saved.id, preview.id]);
    pools.set("orderid", [(order.json() as { data: { id: number } }).data.id]);
    pools.set(
      "itemid",
      items.map((item) => item.id),
    );
    pools.set("passkeyid", []);
    pools.set("any", [brand!.id, organization!.id, store!.id, role!.id]);
  });
  afterAll(() => testApp?.close());

  it("answers every malformed request with a 4xx and the envelope, and changes nothing it refuses", async () => {
    const started = Date.now();
    // A new seed each run finds more over time; the printed one replays a run.
    const seed = options.seed ?? Date.now() % 1_000_000;
    const routes = (await openApiRoutes(testApp.app)).filter(
      (route) => options.only?.test(route.label) ?? true,
    );
    const except = new Set(tablesChangedByDesign.keys());
    const problems: string[] = [];
    let sent = 0;
    let serverErrors = 0;
    const statuses = new Map<number, number>();

    const send = async (request: WalkRequest): Promise<LightMyRequestResponse> => {
      sent += 1;
      const response = await testApp.app.inject({
        method: request.method as InjectOptions["method"],
        url: request.url,
        payload: request.payload,
        headers: { ...auth, ...request.headers },
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const what = `${request.method} ${request.url.slice(0, 120)} (${request.broken ?? "well formed"})`;
      if (response.statusCode >= 500) {
        serverErrors += 1;
        problems.push(`${what}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      } else if (request.broken && (response.statusCode < 400 || response.statusCode >= 500)) {
        problems.push(`${what}: expected a 4xx, got ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      if (response.statusCode >= 400 && response.statusCode < 500) {
        let body: unknown;
        try {
          body = response.json();
        } catch {
          body = response.body.slice(0, 120);
        }
        if (!errorEnvelopeSchema.or(preSegmentedErrorsSchema).safeParse(body).success) {
          problems.push(
            `${what}: ${response.statusCode} without the error envelope: ${JSON.stringify(body).slice(0, 200)}`,
          );
        }
      }
      return response;
    };
    const sameTables = async (before: Record<string, TableChecksum>, label: string) => {
      const after = await tableChecksums(testApp.database.db, except);
      const changed = changedTables(before, after);
      if (changed.length > 0) problems.push(`${label} changed ${changed.join(", ")}`);
      return after;
    };

    for (const route of routes) {
      const context: Context = { pools, resource: resourceOf(route.path), text: false };
      const routeSeed = seed ^ hashOf(route.label);

      // Broken requests: all refused, so the tables are compared once for the route's batch.
      const before = await tableChecksums(testApp.database.db, except);
      const broken = brokenRequests(route, context);
      const requests = [
        ...classicRequests(route, context),
        ...(broken ? fc.sample(broken, { numRuns: brokenRuns, seed: routeSeed }) : []),
      ];
      for (const request of requests.filter((candidate) => candidate.broken)) await send(request);
      let state = await sameTables(before, `${route.label}, refusing broken requests,`);

      // Well-formed hostile requests (and the classic cases that may be valid): a write may
      // succeed, so the tables are compared around each refused one.
      const hostile = [
        ...requests.filter((candidate) => !candidate.broken),
        ...fc.sample(hostileRequests(route, context), { numRuns: hostileRuns, seed: routeSeed + 1 }),
      ];
      for (const request of hostile) {
        const response = await send(request);
        if (route.method === "GET") continue;
        if (response.statusCode >= 400 && response.statusCode < 500) {
          state = await sameTables(
            state,
            `${request.method} ${request.url.slice(0, 80)}, refused with ${response.statusCode},`,
          );
        } else {
          state = await tableChecksums(testApp.database.db, except);
        }
      }
      if (route.method === "GET") await sameTables(state, `${route.label} (reads only)`);
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `route-walk: ${routes.length} routes walked, ${sent} requests sent, ${serverErrors} answered 5xx, ` +
        `${problems.length} problems, ${seconds} s (seed ${seed}; statuses ${JSON.stringify(Object.fromEntries(statuses))})`,
    );
    if (!options.only) expect(routes.length).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  }, 600_000);
});
