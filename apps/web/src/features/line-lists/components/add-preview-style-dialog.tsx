import {
  type PreviewNewStyleInput,
  previewMessages,
  previewNewStyleInputSchema,
} from "@cm/contracts/line-list-preview";
import { lineListHeaders } from "@cm/contracts/line-list-workbook";
import { zodResolver } from "@hookform/resolvers/zod";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import { type FieldPath, useFieldArray, useForm } from "react-hook-form";
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
import { Textarea } from "@/components/ui/textarea";
import { useAddPreviewStyle } from "@/features/line-lists/api/add-preview-style";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { uiText } from "@/lib/ui-text";

type StyleForm = Required<PreviewNewStyleInput>;
type TextField = Exclude<keyof StyleForm, "sizes">;

const emptyStyle: StyleForm = {
  modelCode: "",
  franchise: "",
  silhouette: "",
  color: "",
  gender: "",
  msrp: "",
  expectedShipDate: "",
  imageUrls: "",
  comfortLevel: "",
  heightRange: "",
  wearOccasion: "",
  targetFit: "",
  sizes: [{ size: "", sku: "" }],
};

/** The style's fields, labelled as the workbook's columns are. */
const styleFields: { name: TextField; label: string; hint?: string; wide?: boolean }[] = [
  { name: "modelCode", label: lineListHeaders.model_code },
  { name: "franchise", label: lineListHeaders.franchise },
  { name: "silhouette", label: lineListHeaders.silhouette },
  { name: "color", label: lineListHeaders.color },
  { name: "gender", label: lineListHeaders.gender },
  { name: "msrp", label: lineListHeaders.msrp, hint: "e.g. 49.99" },
  { name: "expectedShipDate", label: lineListHeaders.expected_shipped_date, hint: "YYYY-MM-DD" },
  { name: "comfortLevel", label: lineListHeaders.comfort_level },
  { name: "heightRange", label: lineListHeaders.height_range },
  { name: "wearOccasion", label: lineListHeaders.wear_occasion },
  { name: "targetFit", label: lineListHeaders.target_fit },
];

export interface AddPreviewStyleDialogProps {
  lineListId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Add new item" on an upload's preview: a style typed by hand, checked as a file's row is. */
export function AddPreviewStyleDialog({ lineListId, open, onOpenChange }: AddPreviewStyleDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        {open ? <AddStyleForm lineListId={lineListId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddStyleForm({ lineListId, onDone }: { lineListId: number; onDone: () => void }) {
  const id = useId();
  const add = useAddPreviewStyle();
  const form = useForm<PreviewNewStyleInput>({
    resolver: zodResolver(previewNewStyleInputSchema),
    defaultValues: emptyStyle,
  });
  const sizes = useFieldArray({ control: form.control, name: "sizes" });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (style) => {
    try {
      const added = await add.mutateAsync({ lineListId, style });
      toast.success(previewMessages.itemAdded(added.modelCode));
      onDone();
    } catch (failure) {
      // Field by field where the server named them; otherwise in a toast.
      const marked = applyServerFieldErrors(failure, form.setError);
      if (marked === 0) {
        toast.error(previewMessages.addItemFailed, {
          description: failure instanceof Error ? failure.message : undefined,
        });
      }
    }
  });

  const field = (
    name: FieldPath<PreviewNewStyleInput>,
    label: string,
    message: string | undefined,
    hint?: string,
  ) => {
    const fieldId = `${id}-${name}`;
    return (
      <Field data-invalid={Boolean(message)}>
        <FieldLabel htmlFor={fieldId}>{label}</FieldLabel>
        <Input
          id={fieldId}
          autoComplete="off"
          placeholder={hint}
          aria-invalid={Boolean(message)}
          aria-describedby={message ? `${fieldId}-error` : undefined}
          {...form.register(name)}
        />
        <FieldError id={`${fieldId}-error`}>{message}</FieldError>
      </Field>
    );
  };
  const imageUrlsError = errors.imageUrls?.message;
  const sizesError = errors.sizes?.message ?? errors.sizes?.root?.message;

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <DialogHeader>
        <DialogTitle>{previewMessages.addNewItem}</DialogTitle>
        <DialogDescription>{previewMessages.addNewItemDescription}</DialogDescription>
      </DialogHeader>

      <div className="grid gap-4 sm:grid-cols-2">
        {styleFields.map((entry) => (
          <div key={entry.name}>
            {field(entry.name, entry.label, errors[entry.name]?.message, entry.hint)}
          </div>
        ))}
      </div>
      <Field data-invalid={Boolean(imageUrlsError)}>
        <FieldLabel htmlFor={`${id}-imageUrls`}>{lineListHeaders.image_urls}</FieldLabel>
        <Textarea
          id={`${id}-imageUrls`}
          rows={2}
          placeholder="https://… one a line, or No Image"
          aria-invalid={Boolean(imageUrlsError)}
          aria-describedby={imageUrlsError ? `${id}-imageUrls-error` : undefined}
          {...form.register("imageUrls")}
        />
        <FieldError id={`${id}-imageUrls-error`}>{imageUrlsError}</FieldError>
      </Field>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Sizes</legend>
        {sizes.fields.map((size, index) => (
          <div key={size.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            {field(
              `sizes.${index}.size`,
              `${lineListHeaders.size} ${index + 1}`,
              errors.sizes?.[index]?.size?.message,
            )}
            {field(
              `sizes.${index}.sku`,
              `${lineListHeaders.sku} ${index + 1}`,
              errors.sizes?.[index]?.sku?.message,
            )}
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              className="mt-6"
              aria-label={`Remove size ${index + 1}`}
              disabled={sizes.fields.length === 1}
              onClick={() => sizes.remove(index)}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        ))}
        {sizesError ? <FieldError>{sizesError}</FieldError> : null}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => sizes.append({ size: "", sku: "" })}
        >
          <PlusIcon aria-hidden="true" />
          Add size
        </Button>
      </fieldset>

      <DialogFooter>
        <Button type="button" variant="outline" disabled={add.isPending} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? uiText.saving : previewMessages.addNewItem}
        </Button>
      </DialogFooter>
    </form>
  );
}
