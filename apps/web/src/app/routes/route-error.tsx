import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import NotFoundRoute from "@/app/routes/not-found";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

function ErrorMessage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  console.error(error);
  return (
    <section
      aria-labelledby="route-error-title"
      className="flex flex-1 flex-col items-center justify-center gap-2 py-16 text-center"
    >
      <title>Something went wrong · Catalog Manager</title>
      <h1 id="route-error-title" className="text-2xl font-semibold tracking-tight">
        Something went wrong
      </h1>
      <p className="max-w-md text-muted-foreground">
        This page could not be shown. Reload to try again; if it keeps happening, tell the team what you were
        doing.
      </p>
      <div className="mt-4 flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <Link to={paths.home.root.getHref()}>Go to Home</Link>
        </Button>
      </div>
    </section>
  );
}

/** A screen under /home failed to load or render: the message replaces the screen, the shell stays. */
export function RouteErrorBoundary() {
  return <ErrorMessage />;
}

/** Anything else that fails: the message on a page of its own instead of a blank page. */
export function RootErrorBoundary() {
  return (
    <main className="flex min-h-svh flex-col p-6">
      <ErrorMessage />
    </main>
  );
}
