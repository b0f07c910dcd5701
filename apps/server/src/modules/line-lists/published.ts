import { sql, type SQL } from "drizzle-orm";

/**
 * Whether the line list `alias` (`ll` by default) counts as published, in SQL: published, or its
 * scheduled publication time has passed (issue 34), so it is visible and orderable on time even
 * before the publication scheduler has run. The portal's visibility rule and the order rules read
 * it; `publishedFor` in modules/catalogs/publication.service.ts is the same rule for a locked row.
 */
export function lineListPublishedSql(alias: SQL = sql.raw("ll")): SQL {
  return sql`(${alias}.published or (${alias}.publish_at is not null and ${alias}.publish_at <= now()))`;
}
