import {
  type CreateRoleData,
  type CreateRoleInput,
  createRoleInputSchema,
  roleMessages,
} from "@cm/contracts/roles";
import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldPlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { toast } from "@/lib/toast";
import { RequirePermission } from "@/components/require-permission";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FieldGroup } from "@/components/ui/field";
import { RoleFields, RolePermissionsField } from "@/features/roles/components/role-fields";
import { useCreateRole } from "@/lib/api/roles/create-role";
import { isApiError } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { uiText } from "@/lib/ui-text";

const emptyRole: CreateRoleInput = {
  name: "",
  description: "",
  type: "internal",
  permissions: [],
  portalPermissions: [],
};

/**
 * The Create Role dialog of the People and Roles screens (SPEC.md sections 4 and 5, "Role"): name
 * required, description optional, type internal by default, and its permissions: the staff grid
 * for a staff role, the portal permissions for a customer role. Closing it clears it back to type
 * internal.
 */
export function CreateRoleDialog() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const createRole = useCreateRole();
  const form = useForm<CreateRoleInput, unknown, CreateRoleData>({
    resolver: zodResolver(createRoleInputSchema),
    mode: "onTouched",
    defaultValues: emptyRole,
  });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = form;

  const type = useWatch({ control, name: "type" });

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) reset(emptyRole);
  };

  const submit = handleSubmit(async (values) => {
    try {
      await createRole.mutateAsync(values);
    } catch (error) {
      console.error(error);
      const message = isApiError(error) && error.message ? error.message : roleMessages.unknownError;
      toast.error(message);
      // A field the server named is marked where it was typed; a taken name (409) is the name's.
      const marked = applyServerFieldErrors(error, setError);
      if (!marked && isApiError(error) && error.status === 409) setError("name", { type: "server", message });
      return;
    }
    toast.success(roleMessages.created);
    changeOpen(false);
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <RequirePermission permission="people.manage">
        <DialogTrigger asChild>
          <Button variant="outline">
            <ShieldPlusIcon aria-hidden="true" />
            Create Role
          </Button>
        </DialogTrigger>
      </RequirePermission>
      <DialogContent className="sm:max-w-2xl">
        <FormProvider {...form}>
          <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
            <DialogHeader>
              <DialogTitle>Create Role</DialogTitle>
              <DialogDescription>
                A staff role says what its holders may do in Catalog Manager; a customer role what a
                customer's users may do in the customer portal.
              </DialogDescription>
            </DialogHeader>
            <FieldGroup>
              <RoleFields id={id} mode="create" />
              <RolePermissionsField
                type={type ?? "internal"}
                label="Permissions of the new role"
                disabled={isSubmitting}
              />
            </FieldGroup>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? uiText.creating : "Create"}
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
