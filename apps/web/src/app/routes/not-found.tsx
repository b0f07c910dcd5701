import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** An unknown address under /home (SPEC.md section 2): "Page not found / Might be under construction". */
export default function NotFoundRoute() {
  return (
    <section
      aria-labelledby="not-found-title"
      className="flex flex-1 flex-col items-center justify-center gap-2 py-16 text-center"
    >
      <title>Page not found · Catalog Manager</title>
      <p className="text-sm font-medium text-muted-foreground tabular-nums">404</p>
      <h1 id="not-found-title" className="text-2xl font-semibold tracking-tight">
        Page not found
      </h1>
      <p className="text-muted-foreground">Might be under construction</p>
      <Button asChild variant="outline" className="mt-4">
        <Link to={paths.home.root.getHref()}>Go to Home</Link>
      </Button>
    </section>
  );
}
