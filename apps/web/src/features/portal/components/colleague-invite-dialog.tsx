import {
  type InviteColleagueInput,
  inviteColleagueInputSchema,
  type PortalUsers,
  portalUserMessages,
} from "@cm/contracts/portal-users";
import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
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
import { type InviteColleagueValues, useInviteColleague } from "@/lib/api/portal/invite-colleague";
import { isApiError } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";

const empty: InviteColleagueValues = {
  email: "",
  firstName: "",
  lastName: "",
  roleId: undefined,
  storeIds: [],
};

/**
 * "Invite colleague" (issue 34): name, e-mail, a customer role (Buyer when none is chosen) and the
 * organization's stores they order for. The server creates them and mails a sign-in link.
 */
export function ColleagueInviteDialog({
  roles,
  stores,
}: {
  roles: PortalUsers["roles"];
  stores: PortalUsers["stores"];
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const invite = useInviteColleague();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteColleagueValues, unknown, InviteColleagueInput>({
    resolver: zodResolver(inviteColleagueInputSchema),
    mode: "onTouched",
    // With one store, that is the store they order for.
    defaultValues: { ...empty, storeIds: stores.length === 1 ? [stores[0]!.id] : [] },
  });

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) reset();
  };

  const submit = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
    } catch (error) {
      console.error(error);
      toast.error(portalUserMessages.inviteFailed, {
        description: isApiError(error) ? error.message : undefined,
      });
      const marked = applyServerFieldErrors(error, setError);
      if (!marked && isApiError(error) && error.status === 409) {
        setError("email", { type: "server", message: error.message });
      }
      return;
    }
    toast.success(portalUserMessages.invited, { description: values.email });
    changeOpen(false);
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlusIcon aria-hidden="true" />
          {portalUserMessages.invite}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
          <DialogHeader>
            <DialogTitle>{portalUserMessages.invite}</DialogTitle>
            <DialogDescription>{portalUserMessages.inviteDescription}</DialogDescription>
          </DialogHeader>
          <FieldGroup>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field data-invalid={errors.firstName ? true : undefined}>
                <FieldLabel htmlFor={`${id}-first`}>First name</FieldLabel>
                <Input
                  id={`${id}-first`}
                  autoComplete="off"
                  aria-invalid={errors.firstName ? true : undefined}
                  {...register("firstName")}
                />
                <FieldError>{errors.firstName?.message}</FieldError>
              </Field>
              <Field data-invalid={errors.lastName ? true : undefined}>
                <FieldLabel htmlFor={`${id}-last`}>Last name</FieldLabel>
                <Input
                  id={`${id}-last`}
                  autoComplete="off"
                  aria-invalid={errors.lastName ? true : undefined}
                  {...register("lastName")}
                />
                <FieldError>{errors.lastName?.message}</FieldError>
              </Field>
            </div>
            <Field data-invalid={errors.email ? true : undefined}>
              <FieldLabel htmlFor={`${id}-email`}>E-mail</FieldLabel>
              <Input
                id={`${id}-email`}
                type="email"
                autoComplete="off"
                aria-invalid={errors.email ? true : undefined}
                {...register("email")}
              />
              <FieldError>{errors.email?.message}</FieldError>
            </Field>
            <Controller
              control={control}
              name="roleId"
              render={({ field, fieldState }) => (
                <Field data-invalid={fieldState.invalid ? true : undefined}>
                  <FieldLabel htmlFor={`${id}-role`}>Role</FieldLabel>
                  <Select
                    value={field.value === undefined ? "" : String(field.value)}
                    onValueChange={(next) => field.onChange(Number(next))}
                  >
                    <SelectTrigger id={`${id}-role`} aria-invalid={fieldState.invalid ? true : undefined}>
                      <SelectValue placeholder="Buyer" />
                    </SelectTrigger>
                    <SelectContent>
                      {roles.map((role) => (
                        <SelectItem key={role.id} value={String(role.id)}>
                          {role.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FieldDescription>{portalUserMessages.defaultRole}</FieldDescription>
                  <FieldError>{fieldState.error?.message}</FieldError>
                </Field>
              )}
            />
            <Controller
              control={control}
              name="storeIds"
              render={({ field, fieldState }) => (
                <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-stores-error`}>
                  <legend className="mb-2 text-sm font-medium">Stores</legend>
                  {stores.map((store) => {
                    const checked = field.value.includes(store.id);
                    return (
                      <label key={store.id} className="flex items-center gap-2 text-sm">
                        <Checkbox
                          checked={checked}
                          aria-invalid={fieldState.invalid ? true : undefined}
                          onCheckedChange={(next) =>
                            field.onChange(
                              next === true
                                ? [...field.value, store.id]
                                : field.value.filter((storeId) => storeId !== store.id),
                            )
                          }
                          onBlur={field.onBlur}
                        />
                        {store.name}
                      </label>
                    );
                  })}
                  <FieldError id={`${id}-stores-error`}>{fieldState.error?.message}</FieldError>
                </fieldset>
              )}
            />
          </FieldGroup>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? portalUserMessages.inviting : portalUserMessages.sendInvitation}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
