import { makeDataDirTemplates, startApp } from "./app-server.ts";

/**
 * One app for the whole run, whose URL workers read from the environment, and the data folders
 * every app of a spec's own starts from (`makeDataDirTemplates`).
 */
export default async function globalSetup() {
  const removeTemplates = await makeDataDirTemplates();
  const app = await startApp();
  process.env.E2E_BASE_URL = app.baseUrl;
  return async () => {
    await app.stop();
    await removeTemplates();
  };
}
