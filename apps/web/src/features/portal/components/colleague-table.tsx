import { portalUserMessages, type PortalUser } from "@cm/contracts/portal-users";
import { fullName, userMessages } from "@cm/contracts/users";
import { StatusBadge } from "@/components/status-badge";
import { TableEmptyRow } from "@/components/list-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useColleagueStatusAction } from "@/features/portal/components/colleague-status-action";

/**
 * The organization's users: name, e-mail, role, stores and status, with Deactivate or Reactivate
 * (asked first) for everyone but the signed-in user.
 */
export function ColleagueTable({ users, meId }: { users: PortalUser[]; meId: number | undefined }) {
  const action = useColleagueStatusAction();
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead className="md:hidden">Details</TableHead>
            <TableHead className="hidden md:table-cell">E-mail</TableHead>
            <TableHead className="hidden md:table-cell">Role</TableHead>
            <TableHead className="hidden md:table-cell">Stores</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.length === 0 ? (
            <TableEmptyRow colSpan={7}>{portalUserMessages.noUsers}</TableEmptyRow>
          ) : (
            users.map((user) => {
              const name = fullName(user);
              const isMe = user.id === meId;
              const stores = user.stores.map((store) => store.name).join(", ") || "—";
              return (
                <TableRow key={user.id}>
                  <TableCell className="font-medium whitespace-normal">
                    {name}
                    {isMe ? (
                      <Badge variant="secondary" className="ml-2">
                        {portalUserMessages.you}
                      </Badge>
                    ) : null}
                  </TableCell>
                  {/* On a phone the next three columns are hidden: the same facts in one cell. */}
                  <TableCell className="text-xs wrap-anywhere whitespace-normal text-muted-foreground md:hidden">
                    {user.email}
                    <br />
                    {[user.role?.name ?? "—", stores].join(" · ")}
                  </TableCell>
                  <TableCell className="hidden break-all md:table-cell">{user.email}</TableCell>
                  <TableCell className="hidden md:table-cell">{user.role?.name ?? "—"}</TableCell>
                  <TableCell className="hidden md:table-cell">{stores}</TableCell>
                  <TableCell>
                    <StatusBadge status={user.status} />
                  </TableCell>
                  <TableCell className="text-right">
                    {isMe ? null : (
                      <Button
                        size="sm"
                        variant={user.status === "active" ? "outline" : "secondary"}
                        aria-label={`${user.status === "active" ? userMessages.deactivate : userMessages.reactivate} ${name}`}
                        disabled={action.pending}
                        onClick={() => action.requestStatusChange(user)}
                      >
                        {user.status === "active" ? userMessages.deactivate : userMessages.reactivate}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
      {action.dialog}
    </div>
  );
}
