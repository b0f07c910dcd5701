import NotFoundRoute from "@/app/routes/not-found";

/** An unknown address outside /home: the same message, on a page of its own. */
export default function StandaloneNotFoundRoute() {
  return (
    <main className="flex min-h-svh flex-col p-6">
      <NotFoundRoute />
    </main>
  );
}
