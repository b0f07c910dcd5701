import { fullName, type User } from "@cm/contracts/users";
import { TableCell } from "@/components/ui/table";

/**
 * A user's Name and Email cells in a list of users (people, team): on small screens, where the
 * Email column is hidden, the e-mail shows under the name.
 */
export function UserNameCells({ user }: { user: Pick<User, "firstName" | "lastName" | "email"> }) {
  return (
    <>
      <TableCell className="font-medium">
        <span className="block">{fullName(user)}</span>
        <span className="block text-xs font-normal text-muted-foreground md:hidden">{user.email}</span>
      </TableCell>
      <TableCell className="hidden md:table-cell">{user.email}</TableCell>
    </>
  );
}
