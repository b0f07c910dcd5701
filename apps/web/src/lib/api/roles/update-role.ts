import { type Role, roleSchema, type UpdateRoleInput, updateRoleInputSchema } from "@cm/contracts/roles";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { roleKeys } from "@/lib/api/roles/role-keys";
import { sessionKeys } from "@/lib/api/session/session-keys";
import { apiFetch } from "@/lib/api-client";

export interface UpdateRoleVariables {
  roleId: number;
  /** The fields to change and `expectedRevision`, the revision the edit started from. */
  input: UpdateRoleInput;
}

/**
 * `PUT /api/roles/{id}`; a role changed by someone else since `expectedRevision` is refused (409).
 * A blank description is sent as null, which clears it (absent would keep the old one).
 */
export function updateRole({ roleId, input }: UpdateRoleVariables): Promise<Role> {
  const { description, ...rest } = updateRoleInputSchema.parse(input);
  return apiFetch(`/api/roles/${roleId}`, {
    method: "PUT",
    body: description === undefined ? rest : { ...rest, description: description || null },
    schema: roleSchema,
  });
}

/**
 * Saves a role: the answer replaces the cached role, or the role is reloaded after a failure; the
 * lists refresh either way. The signed-in user's permissions are read again, since the role may
 * be their own.
 */
export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: (role) => queryClient.setQueryData(roleKeys.detail(role.id), role),
    onError: (_error, { roleId }) => queryClient.invalidateQueries({ queryKey: roleKeys.detail(roleId) }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
      ]),
  });
}
