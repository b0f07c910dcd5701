import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

export const apiDocsPrefix = "/api/docs";

/**
 * The OpenAPI document, generated from the same zod schemas the routes validate with, so it
 * cannot describe an API other than the one running. Must be registered before the routes: it
 * collects them as they are added.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Catalog Manager API",
        description:
          "Back-office API of Catalog Manager. Every answer is an envelope {success, message, data}.",
        version: "1.0.0",
      },
    },
    // Each operation names the permission its route declares (`x-permission`), so the document
    // tells callers what they need and a test can walk it for routes that declare none.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const permission = input.route.config?.permission;
      if (permission === undefined) return transformed;
      return { ...transformed, schema: { ...transformed.schema, "x-permission": permission } };
    },
  });
  // Its page loads only its own scripts and styles from our origin, so it runs under our CSP.
  await app.register(swaggerUi, { routePrefix: apiDocsPrefix });
}
