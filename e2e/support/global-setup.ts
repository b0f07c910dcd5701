import { startApp } from "./app-server.ts";

/** One app for the whole run; workers read its URL from the environment. */
export default async function globalSetup() {
  const app = await startApp();
  process.env.E2E_BASE_URL = app.baseUrl;
  return async () => app.stop();
}
