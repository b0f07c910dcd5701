// Every table of every module, so one Drizzle instance (and drizzle-kit) sees the whole database.
export * from "./core-schema.ts";
export * from "../modules/auth/schema.ts";
export * from "../modules/products/schema.ts";
export * from "../modules/line-lists/schema.ts";
export * from "../modules/catalogs/schema.ts";
export * from "../modules/stores/schema.ts";
export * from "../modules/uploads/schema.ts";
export * from "../modules/line-list-saves/schema.ts";
export * from "../modules/line-list-mappings/schema.ts";
export * from "../modules/size-scales/schema.ts";
export * from "../modules/orders/schema.ts";
export * from "../modules/order-dashboard/schema.ts";
export * from "../modules/storage/schema.ts";
export * from "../modules/open-stock/schema.ts";
export * from "../modules/portal/schema.ts";
