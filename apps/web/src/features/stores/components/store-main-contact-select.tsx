import { fullName, type User } from "@cm/contracts/users";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const noContact = "none";

/** A store's main contact: one of its organization's users, or nobody. */
export function StoreMainContactSelect({
  id,
  users,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  disabled,
}: {
  id: string;
  users: readonly User[];
  value: number | null | undefined;
  onChange: (userId: number | null) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  return (
    <Select
      value={value == null ? noContact : String(value)}
      onValueChange={(next) => onChange(next === noContact ? null : Number(next))}
      disabled={disabled}
    >
      <SelectTrigger id={id} aria-invalid={invalid} aria-describedby={describedBy} onBlur={onBlur}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={noContact}>No main contact</SelectItem>
        {users.map((user) => (
          <SelectItem key={user.id} value={String(user.id)}>
            {fullName(user)} ({user.email})
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
