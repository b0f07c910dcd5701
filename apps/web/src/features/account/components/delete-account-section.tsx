import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NotAvailableYet } from "@/components/not-available-yet";

/**
 * Delete Account (SPEC.md section 2): shown, but deleting does nothing yet, so the button is
 * disabled and says why (DESIGN.md section 8).
 */
export function DeleteAccountSection() {
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>
          <h2>Delete Account</h2>
        </CardTitle>
        <CardDescription>This action cannot be undone!</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Deleting your account removes your access to Catalog Manager for good.
        </p>
        <NotAvailableYet>
          <Button variant="destructive" disabled>
            Delete Account
          </Button>
        </NotAvailableYet>
      </CardContent>
    </Card>
  );
}
