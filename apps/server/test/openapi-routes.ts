import type { FastifyInstance, InjectOptions } from "fastify";

/**
 * The routes of the app's OpenAPI document (`/api/docs/json`), with what each declares about its
 * input. Tests that must cover every route walk this list, so a route added later is walked
 * without anyone remembering to add it.
 */

/** The part of JSON Schema that the zod schemas of the routes produce. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

export interface OpenApiParameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface OpenApiRoute {
  method: Extract<InjectOptions["method"], string>;
  /** As the document writes it: `/api/roles/{id}`. */
  path: string;
  /** `PUT /api/roles/{id}`, for messages. */
  label: string;
  /** The route's `x-permission`: a permission, several, "public" or "signed-in". */
  permission: unknown;
  parameters: OpenApiParameter[];
  /** The request body, when the route declares one: its schema per content type. */
  body?: { required: boolean; content: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  "x-permission"?: unknown;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
}

// HEAD and OPTIONS too, should a route declare them: permissions.test.ts checks every operation.
const operationMethods = new Set(["get", "put", "post", "delete", "patch", "head", "options"]);

export async function openApiRoutes(app: FastifyInstance): Promise<OpenApiRoute[]> {
  const response = await app.inject({ method: "GET", url: "/api/docs/json" });
  const document = response.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
  const routes: OpenApiRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operationMethods.has(method)) continue;
      const upper = method.toUpperCase() as OpenApiRoute["method"];
      const body = operation.requestBody;
      routes.push({
        method: upper,
        path,
        label: `${upper} ${path}`,
        permission: operation["x-permission"],
        parameters: operation.parameters ?? [],
        body: body && {
          required: body.required ?? false,
          content: Object.fromEntries(
            Object.entries(body.content).map(([type, { schema }]) => [type, schema ?? {}]),
          ),
        },
      });
    }
  }
  return routes;
}

/**
 * How to replay a walk over the routes from the shell: `ROUTE_WALK_SEED` (the seed a run printed),
 * `ROUTE_WALK_ONLY` (a pattern of the route labels to walk), `ROUTE_WALK_LOG=1` (the app's error
 * log, to see the cause of a 5xx).
 */
export function routeWalkOptions(): { seed: number | undefined; only: RegExp | undefined; log: boolean } {
  const { ROUTE_WALK_SEED: seed, ROUTE_WALK_ONLY: only, ROUTE_WALK_LOG: log } = process.env;
  return {
    seed: seed ? Number(seed) : undefined,
    only: only ? new RegExp(only) : undefined,
    log: Boolean(log),
  };
}
