import { adminRoleName, type Role } from "@cm/contracts/roles";

/** The Admin role: every permission, always; its name, type and status cannot change either. */
export function isAdminRole(role: Pick<Role, "name" | "type">): boolean {
  return role.type === "internal" && role.name.toLowerCase() === adminRoleName.toLowerCase();
}
