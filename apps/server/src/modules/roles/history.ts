import { roleMessages } from "@cm/contracts/roles";
import { roles } from "../../db/schema.ts";
import { defineHistoryEntity } from "../../lib/entity-write.ts";

/** What the history names and compares of a role: its fields as the API shows them. */
export const roleHistory = defineHistoryEntity({
  type: "role",
  table: roles,
  notFoundMessage: roleMessages.notFound,
  describe: (_tx, row) => ({
    label: row.name,
    fields: {
      name: row.name,
      description: row.description,
      type: row.type,
      status: row.status,
      permissions: row.permissions,
    },
  }),
});
