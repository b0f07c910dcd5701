import { type LineList, lineListMessages, lineListRenameSchema } from "@cm/contracts/line-lists";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
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
import { useRenameLineList } from "@/features/line-lists/api/rename-line-list";
import { isApiError } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { uiText } from "@/lib/ui-text";

const renameFormSchema = lineListRenameSchema.pick({ name: true });
type RenameForm = { name: string };

export interface RenameLineListDialogProps {
  /** The line list to rename; the dialog is open while there is one. */
  lineList: LineList | null;
  onClose: () => void;
}

/** Renames a line list, at the revision listed; its form opens with the current name. */
export function RenameLineListDialog({ lineList, onClose }: RenameLineListDialogProps) {
  return (
    <Dialog open={lineList !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {lineList ? <RenameForm key={lineList.id} lineList={lineList} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ lineList, onClose }: { lineList: LineList; onClose: () => void }) {
  const nameId = useId();
  const errorId = useId();
  const rename = useRenameLineList();
  const form = useForm<RenameForm>({
    resolver: zodResolver(renameFormSchema),
    mode: "onTouched",
    defaultValues: { name: lineList.name },
  });
  const error = form.formState.errors.name?.message;

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ lineListId: lineList.id, name, revision: lineList._revision });
      toast.success(lineListMessages.renamed);
      onClose();
    } catch (failure) {
      if (applyServerFieldErrors(failure, form.setError) > 0) return;
      toast.error(lineListMessages.renameFailed, {
        description: failure instanceof Error ? failure.message : undefined,
      });
      // A stale revision: the list reloads with the line list as it is now; rename it from there.
      if (isApiError(failure) && failure.status === 409) onClose();
    }
  });

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <DialogHeader>
        <DialogTitle>Rename line list</DialogTitle>
        <DialogDescription>The new name shows wherever the line list is listed.</DialogDescription>
      </DialogHeader>
      <Field data-invalid={Boolean(error)}>
        <FieldLabel htmlFor={nameId}>Line list name</FieldLabel>
        <Input
          id={nameId}
          autoComplete="off"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          disabled={rename.isPending}
          {...form.register("name")}
        />
        <FieldError id={errorId}>{error}</FieldError>
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" disabled={rename.isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? uiText.saving : "Rename"}
        </Button>
      </DialogFooter>
    </form>
  );
}
