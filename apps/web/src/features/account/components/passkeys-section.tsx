import { type Passkey, passkeyMessages } from "@cm/contracts/passkeys";
import { formatDistanceToNow } from "date-fns";
import { KeyRoundIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { DisabledReason } from "@/components/disabled-reason";
import { ListLoadError, TableEmptyRow, TableLoadingRows } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { usePasskeys } from "@/features/account/api/get-passkeys";
import { useRegisterPasskey } from "@/features/account/api/register-passkey";
import { useRenamePasskey } from "@/features/account/api/rename-passkey";
import { PasskeyNameDialog } from "@/features/account/components/passkey-name-dialog";
import { useDeletePasskeyAction } from "@/features/account/hooks/use-delete-passkey-action";
import { suggestedPasskeyName } from "@/features/account/utils/suggested-passkey-name";
import { formatInstantDate, formatInstantDateTime } from "@/lib/format";
import { passkeyErrorMessage, passkeyUnavailableReason } from "@/lib/passkeys";

function LastUsed({ value }: { value: string | null }) {
  if (!value) return <span className="text-muted-foreground">{passkeyMessages.neverUsed}</span>;
  const date = new Date(value);
  return (
    <time dateTime={value} title={formatInstantDateTime(value)}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}

/**
 * The Account page's passkeys: add one (named first, then the browser's prompt), list them with
 * when they were created and last used, rename and remove them.
 */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const registration = useRegisterPasskey();
  const renaming = useRenamePasskey();
  const { requestDelete, dialog: deleteDialog } = useDeletePasskeyAction();
  const [adding, setAdding] = useState(false);
  const [suggestedName] = useState(() => suggestedPasskeyName());
  const [renamed, setRenamed] = useState<Passkey | null>(null);
  const [unavailable] = useState(() => passkeyUnavailableReason());

  function add(name: string) {
    registration.mutate(
      { name },
      {
        onSuccess: () => {
          toast.success(passkeyMessages.registered);
          setAdding(false);
        },
        onError: (error) => {
          console.error(error);
          toast.error(passkeyMessages.registerFailed, {
            description: passkeyErrorMessage(error, passkeyMessages.registrationFailed),
          });
        },
      },
    );
  }

  function rename(name: string) {
    if (!renamed) return;
    renaming.mutate(
      { passkeyId: renamed.id, name, revision: renamed._revision },
      {
        onSuccess: () => {
          toast.success(passkeyMessages.renamed);
          setRenamed(null);
        },
        onError: (error) => {
          console.error(error);
          toast.error(passkeyMessages.renameFailed, { description: error.message });
        },
      },
    );
  }

  const addButton = (
    <Button
      size="sm"
      disabled={unavailable !== undefined || registration.isPending}
      onClick={() => setAdding(true)}
    >
      <PlusIcon aria-hidden="true" />
      {registration.isPending ? passkeyMessages.adding : passkeyMessages.add}
    </Button>
  );

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <CardTitle>
            <h2 id="passkeys-title">{passkeyMessages.sectionTitle}</h2>
          </CardTitle>
          <CardDescription>{passkeyMessages.sectionDescription}</CardDescription>
        </div>
        <div className="shrink-0">
          {unavailable ? <DisabledReason reason={unavailable}>{addButton}</DisabledReason> : addButton}
        </div>
      </CardHeader>
      <CardContent>
        {passkeys.isError ? (
          <ListLoadError
            title={passkeyMessages.loadFailed}
            message={passkeys.error.message}
            onRetry={() => void passkeys.refetch()}
          />
        ) : (
          <Table aria-labelledby="passkeys-title" aria-busy={passkeys.isPending}>
            <TableHeader>
              <TableRow>
                <TableHead>{passkeyMessages.columnName}</TableHead>
                <TableHead className="hidden sm:table-cell">{passkeyMessages.columnCreated}</TableHead>
                <TableHead>{passkeyMessages.columnLastUsed}</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {passkeys.isPending ? (
                <TableLoadingRows columns={4} rows={2} />
              ) : passkeys.data.length === 0 ? (
                <TableEmptyRow colSpan={4}>{passkeyMessages.empty}</TableEmptyRow>
              ) : (
                passkeys.data.map((passkey) => (
                  <TableRow key={passkey.id}>
                    <TableCell className="font-medium whitespace-normal">
                      <span className="flex items-center gap-2 break-words">
                        <KeyRoundIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                        {passkey.name}
                      </span>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      <time dateTime={passkey.createdAt}>{formatInstantDate(passkey.createdAt)}</time>
                    </TableCell>
                    <TableCell>
                      <LastUsed value={passkey.lastUsedAt} />
                    </TableCell>
                    <TableCell className="text-right">
                      <span className="inline-flex gap-1">
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`${passkeyMessages.rename} ${passkey.name}`}
                          onClick={() => setRenamed(passkey)}
                        >
                          <PencilIcon aria-hidden="true" />
                          <span className="hidden sm:inline">{passkeyMessages.rename}</span>
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-destructive hover:text-destructive"
                          aria-label={`${passkeyMessages.remove} ${passkey.name}`}
                          onClick={() => requestDelete(passkey)}
                        >
                          <Trash2Icon aria-hidden="true" />
                          <span className="hidden sm:inline">{passkeyMessages.remove}</span>
                        </Button>
                      </span>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        )}
        {passkeys.isPending ? (
          <span className="sr-only" role="status">
            {passkeyMessages.loading}
          </span>
        ) : null}
      </CardContent>
      <PasskeyNameDialog
        open={adding}
        onOpenChange={setAdding}
        title={passkeyMessages.addDialogTitle}
        description={passkeyMessages.addDialogDescription}
        defaultName={suggestedName}
        submitLabel={passkeyMessages.continue}
        pendingLabel={passkeyMessages.waitingForDevice}
        pending={registration.isPending}
        onSubmit={add}
      />
      <PasskeyNameDialog
        open={renamed !== null}
        onOpenChange={(open) => (open ? undefined : setRenamed(null))}
        title={passkeyMessages.renameDialogTitle}
        defaultName={renamed?.name ?? ""}
        submitLabel={passkeyMessages.save}
        pendingLabel={passkeyMessages.saving}
        pending={renaming.isPending}
        onSubmit={rename}
      />
      {deleteDialog}
    </Card>
  );
}
