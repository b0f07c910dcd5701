import type { PopulatedCatalogs } from "@cm/contracts/catalog-segmentation";
import type { CatalogType } from "@cm/contracts/catalogs";
import type { LineList } from "@cm/contracts/line-lists";
import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { TestApp } from "../../../test/test-app.ts";
import { brands, users } from "../../db/schema.ts";
import { createLineList } from "../line-lists/service.ts";

/**
 * What the segmentation tests share: line lists made through the domain service, requests with
 * the signed-in admin's token, and the populated catalogs reduced to where each item is.
 */

export interface SegmentationKit {
  adminId: number;
  crocsId: number;
  /** A request with the admin's token (none with `{ anonymous: true }`). */
  request(
    method: InjectOptions["method"],
    url: string,
    payload?: unknown,
    options?: { anonymous?: boolean; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** `GET /api/crocs/catalogs/populated/{id}`'s data; throws unless it answers 200. */
  populated(lineListId: number): Promise<PopulatedCatalogs>;
  /** Where each item is: model code to its catalog types (sorted), from the populated catalogs. */
  placements(lineListId: number): Promise<Map<string, CatalogType[]>>;
  newLineList(options: NewLineListOptions): Promise<LineList>;
}

export interface NewLineListOptions {
  name: string;
  items?: number;
  catalogs?: Partial<Record<CatalogType, readonly string[]>>;
  stage?: "saved" | "preview";
  brandId?: number;
  published?: boolean;
}

/** The model code of item `index` (0-based) of the line list named `name`. */
export const modelCode = (name: string, index: number) => `${name}-${String(index + 1).padStart(4, "0")}`;

export async function segmentationKit(
  testApp: TestApp,
  authorization: { authorization: string },
): Promise<SegmentationKit> {
  const { db } = testApp.database;
  const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
  const [crocs] = await db.select().from(brands).where(eq(brands.name, "Crocs"));

  const request: SegmentationKit["request"] = (method, url, payload, options = {}) =>
    testApp.app.inject({
      method,
      url,
      payload: payload as InjectOptions["payload"],
      headers: { ...(options.anonymous ? {} : authorization), ...options.headers },
    });

  const populated = async (lineListId: number) => {
    const response = await request("GET", `/api/crocs/catalogs/populated/${lineListId}`);
    if (response.statusCode !== 200) throw new Error(`populated: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: PopulatedCatalogs }).data;
  };

  return {
    adminId: admin!.id,
    crocsId: crocs!.id,
    request,
    populated,
    async placements(lineListId) {
      const data = await populated(lineListId);
      const result = new Map<string, CatalogType[]>();
      for (const catalog of data.catalogs)
        for (const item of catalog.items) result.set(item.model_code, item.catalogTypes);
      return result;
    },
    newLineList({ name, items = 3, catalogs, stage = "saved", brandId = crocs!.id, published }) {
      return createLineList(
        db,
        {
          brandId,
          name,
          stage,
          ...(stage === "saved"
            ? {
                products: Array.from({ length: items }, (_, index) => ({
                  modelCode: modelCode(name, index),
                  silhouette: `Silhouette ${index + 1}`,
                  color: index % 2 === 0 ? "Black" : null,
                  imageUrls:
                    index % 3 === 0
                      ? []
                      : [
                          `https://img.example/${name}/${index}-a.jpg`,
                          `https://img.example/${name}/${index}-b.jpg`,
                        ],
                  sizes: [
                    { size: "M10", sku: `${modelCode(name, index)}-10` },
                    { size: "M8", sku: `${modelCode(name, index)}-8` },
                  ],
                })),
                catalogs,
                published,
              }
            : {}),
        },
        admin!.id,
      );
    },
  };
}
