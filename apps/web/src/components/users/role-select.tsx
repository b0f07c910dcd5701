import type { Role } from "@cm/contracts/roles";
import type { ComponentProps, Ref } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { uiText } from "@/lib/ui-text";

/**
 * The select of a user's role among `roles`, its value the role's id (none chosen while
 * `value` is empty). The caller wraps it in its field (label, description, error) and passes
 * the trigger's id and aria attributes.
 */
export function RoleSelect({
  roles,
  value,
  onChange,
  name,
  disabled,
  triggerRef,
  ...trigger
}: {
  roles: readonly Role[];
  value: number | null | undefined;
  onChange: (roleId: number) => void;
  name?: string;
  disabled?: boolean;
  triggerRef?: Ref<HTMLButtonElement>;
} & Pick<
  ComponentProps<typeof SelectTrigger>,
  "id" | "className" | "onBlur" | "aria-label" | "aria-invalid" | "aria-describedby"
>) {
  return (
    <Select
      name={name}
      value={value == null ? "" : String(value)}
      onValueChange={(next) => onChange(Number(next))}
      disabled={disabled}
    >
      <SelectTrigger ref={triggerRef} {...trigger}>
        <SelectValue placeholder="Select a role" />
      </SelectTrigger>
      <SelectContent>
        {roles.length === 0 ? (
          <SelectItem value="none" disabled>
            {uiText.noOptions}
          </SelectItem>
        ) : (
          roles.map((role) => (
            <SelectItem key={role.id} value={String(role.id)}>
              {role.name}
            </SelectItem>
          ))
        )}
      </SelectContent>
    </Select>
  );
}
