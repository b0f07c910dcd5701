import { type PasskeyNameForm, passkeyMessages, passkeyNameFormSchema } from "@cm/contracts/passkeys";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

export interface PasskeyNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  defaultName: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Runs with the valid, trimmed name; the dialog stays open until the caller closes it. */
  onSubmit: (name: string) => void;
}

/** Asks for a passkey's name: before adding one, and to rename one. */
export function PasskeyNameDialog({
  open,
  onOpenChange,
  title,
  description,
  defaultName,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
}: PasskeyNameDialogProps) {
  const nameId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PasskeyNameForm>({
    resolver: zodResolver(passkeyNameFormSchema),
    mode: "onTouched",
    defaultValues: { name: defaultName },
  });

  // Each opening starts from the name it is given.
  useEffect(() => {
    if (open) reset({ name: defaultName });
  }, [open, defaultName, reset]);

  const submit = handleSubmit(({ name }) => onSubmit(passkeyNameFormSchema.parse({ name }).name));
  const error = errors.name?.message;

  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent>
        <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description ? <DialogDescription>{description}</DialogDescription> : null}
          </DialogHeader>
          <Field data-invalid={Boolean(error)}>
            <FieldLabel htmlFor={nameId}>{passkeyMessages.nameLabel}</FieldLabel>
            <Input
              id={nameId}
              autoComplete="off"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              disabled={pending}
              {...register("name")}
            />
            <FieldError id={errorId}>{error}</FieldError>
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
