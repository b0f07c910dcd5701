import { buildWebApp, makeDataDirTemplates, startApp } from "./app-server.ts";

/**
 * The built web app, one app for the whole run, whose URL workers read from the environment, and
 * the data folders every app of a spec's own starts from (`makeDataDirTemplates`). The web app is
 * built while the plain template is made, each mostly on one core of the 2-core machine (the
 * servers only serve what is built when they start, and the template's is stopped at once); the
 * shared app starts from the plain template while the demo data is added to the other.
 */
export default async function globalSetup() {
  const [built, made] = await Promise.allSettled([buildWebApp(), makeDataDirTemplates()]);
  if (made.status === "rejected") throw made.reason;
  const templates = made.value;
  if (built.status === "rejected") {
    // The demo seed may still be writing into its template: let it end before removing them. The
    // run reports the build's failure; a demo seed failure too would be the second of two.
    await templates.demoMade.catch(() => undefined);
    await templates.remove();
    throw built.reason;
  }
  const [app, demo] = await Promise.allSettled([startApp(), templates.demoMade]);
  if (app.status === "rejected") {
    await templates.remove();
    throw app.reason;
  }
  if (demo.status === "rejected") {
    await app.value.stop();
    await templates.remove();
    throw demo.reason;
  }
  process.env.E2E_BASE_URL = app.value.baseUrl;
  return async () => {
    await app.value.stop();
    await templates.remove();
  };
}
