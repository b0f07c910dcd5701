import type { TestProject } from "vitest/node";
import { createTemplate } from "./test-database.ts";

/**
 * Migrating takes seconds (a new PGlite alone takes 4 to 6), copying a migrated database about
 * one, so the run migrates once and each test app copies. DATABASE_URL switches the copies to a
 * PostgreSQL server, which CI uses to run the same suite against the real thing.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, dispose } = await createTemplate(process.env.DATABASE_URL || undefined);
  project.provide("testDatabase", template);
  return dispose;
}
