import { Skeleton } from "@/components/ui/skeleton";
import { Button } from "@/components/ui/button";
import { useSessionUserQuery } from "@/lib/api/session/get-session-user";
import { AccountForm } from "@/features/account/components/account-form";
import { DeleteAccountSection } from "@/features/account/components/delete-account-section";
import { PasskeysSection } from "@/features/account/components/passkeys-section";

function AccountFormSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-5 rounded-lg border p-4">
      <Skeleton className="h-4 w-24" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
      <Skeleton className="h-9" />
      <Skeleton className="h-4 w-16" />
    </div>
  );
}

/** `/home/settings/account`: the signed-in user's own account (SPEC.md section 2). */
export default function AccountRoute() {
  const sessionUser = useSessionUserQuery();

  return (
    <section aria-labelledby="page-title" className="flex max-w-3xl flex-col gap-6">
      <title>Account · Catalog Manager</title>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
          Account
        </h1>
        <p className="text-muted-foreground">Your profile and how you sign in.</p>
      </div>
      {sessionUser.isPending ? (
        <>
          <span className="sr-only" role="status">
            Loading your account…
          </span>
          <AccountFormSkeleton />
        </>
      ) : sessionUser.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4"
        >
          <p className="text-sm text-destructive">{sessionUser.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void sessionUser.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <AccountForm user={sessionUser.data} />
      )}
      <PasskeysSection />
      <DeleteAccountSection />
    </section>
  );
}
