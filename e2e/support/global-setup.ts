import { makeDataDirTemplates, startApp } from "./app-server.ts";

/**
 * One app for the whole run, whose URL workers read from the environment, and the data folders
 * every app of a spec's own starts from (`makeDataDirTemplates`). The shared app starts from the
 * plain template while the demo data is added to the other.
 */
export default async function globalSetup() {
  const templates = await makeDataDirTemplates();
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
