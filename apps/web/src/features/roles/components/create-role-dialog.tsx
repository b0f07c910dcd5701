import type { Permission } from "@cm/contracts/permissions";
import {
  type CreateRoleData,
  type CreateRoleInput,
  createRoleInputSchema,
  roleMessages,
  type RoleType,
  roleTypeLabels,
  roleTypeValues,
} from "@cm/contracts/roles";
import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldPlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
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
import { Field, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { PermissionsGrid } from "@/features/roles/components/permissions-grid";
import { useCreateRole } from "@/lib/api/roles/create-role";
import { isApiError } from "@/lib/api-client";

const emptyRole: CreateRoleInput = { name: "", description: "", type: "internal", permissions: [] };

/**
 * The Create Role dialog of the People and Roles screens (SPEC.md sections 4 and 5, "Role"): name
 * required, description optional, type internal by default, and for a staff role the grid of its
 * permissions (issue 14; a customer role holds none). Closing it clears it back to type internal.
 */
export function CreateRoleDialog() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const createRole = useCreateRole();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CreateRoleInput, unknown, CreateRoleData>({
    resolver: zodResolver(createRoleInputSchema),
    mode: "onTouched",
    defaultValues: emptyRole,
  });

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
      const nameError = isApiError(error)
        ? (error.data as Record<string, string[]> | undefined)?.name?.[0]
        : undefined;
      if (nameError) setError("name", { type: "server", message: nameError });
      else if (isApiError(error) && error.status === 409) setError("name", { type: "server", message });
      return;
    }
    toast.success(roleMessages.created);
    changeOpen(false);
  });

  const nameErrorId = `${id}-name-error`;

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
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
          <DialogHeader>
            <DialogTitle>Create Role</DialogTitle>
            <DialogDescription>
              A staff role says what its holders may do in Catalog Manager; a customer role names what a
              customer's user does.
            </DialogDescription>
          </DialogHeader>
          <FieldGroup>
            <Field data-invalid={Boolean(errors.name)}>
              <FieldLabel htmlFor={`${id}-name`}>Name</FieldLabel>
              <Input
                id={`${id}-name`}
                autoComplete="off"
                aria-invalid={Boolean(errors.name)}
                aria-describedby={errors.name ? nameErrorId : undefined}
                {...register("name")}
              />
              <FieldError id={nameErrorId}>{errors.name?.message}</FieldError>
            </Field>
            <Field data-invalid={Boolean(errors.description)}>
              <FieldLabel htmlFor={`${id}-description`}>Description</FieldLabel>
              <Textarea
                id={`${id}-description`}
                rows={3}
                aria-invalid={Boolean(errors.description)}
                {...register("description")}
              />
              <FieldDescription>Optional.</FieldDescription>
              <FieldError>{errors.description?.message}</FieldError>
            </Field>
            <Field>
              <FieldLabel htmlFor={`${id}-type`}>Type</FieldLabel>
              <Controller
                control={control}
                name="type"
                render={({ field }) => (
                  <Select
                    value={field.value ?? "internal"}
                    onValueChange={(value) => {
                      field.onChange(value as RoleType);
                      // Customers do not sign in here: their roles hold no permissions.
                      if (value === "external") setValue("permissions", []);
                    }}
                  >
                    <SelectTrigger id={`${id}-type`} onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {roleTypeValues.map((type) => (
                        <SelectItem key={type} value={type}>
                          {roleTypeLabels[type]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              <FieldDescription>
                Staff roles are for your company, customer roles for customers' users.
              </FieldDescription>
            </Field>
            {type !== "external" && (
              <div className="flex flex-col gap-3">
                <span className="text-sm font-medium">Permissions</span>
                <Controller
                  control={control}
                  name="permissions"
                  render={({ field }) => (
                    <PermissionsGrid
                      value={(field.value ?? []) as Permission[]}
                      onChange={field.onChange}
                      disabled={isSubmitting}
                      label="Permissions of the new role"
                    />
                  )}
                />
              </div>
            )}
          </FieldGroup>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Creating..." : "Create"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
