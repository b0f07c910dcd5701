import { userMessages } from "@cm/contracts/users";
import { users } from "../../db/schema.ts";
import { defineHistoryEntity } from "../../lib/entity-write.ts";

/**
 * What the history names and compares of a user: the fields of the API's user. The users module
 * writes through it, and so do a customer's registration (users created or moved in) and the
 * passkeys (entries with a summary only).
 */
export const userHistory = defineHistoryEntity({
  type: "user",
  table: users,
  notFoundMessage: userMessages.notFound,
  describe: (_tx, row) => ({
    label: `${row.firstName} ${row.lastName}`.trim() || row.email,
    fields: {
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      type: row.type,
      status: row.status,
      organizationId: row.organizationId,
      roleId: row.roleId,
    },
  }),
});
