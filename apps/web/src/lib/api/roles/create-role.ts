import { type CreateRoleInput, createRoleInputSchema, type Role, roleSchema } from "@cm/contracts/roles";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { roleKeys } from "@/lib/api/roles/role-keys";
import { apiFetch } from "@/lib/api-client";

/** `POST /api/roles`; a blank description is sent as absent. */
export function createRole(input: CreateRoleInput): Promise<Role> {
  const { description, ...rest } = createRoleInputSchema.parse(input);
  return apiFetch("/api/roles", {
    method: "POST",
    body: description ? { ...rest, description } : rest,
    schema: roleSchema,
  });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
  });
}
