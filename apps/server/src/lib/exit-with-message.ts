import { DataDirInUse } from "../db/data-dir-lock.ts";
import { ConfigError } from "../env.ts";

type ErrorKind = abstract new (...args: never[]) => Error;

/**
 * Runs a command's start (the server's, a backup's, the demo seed's). What an operator can fix
 * (a bad setting, DATA_DIR held by another process, or a kind the command adds) stops the process
 * with its one-line message; anything else is a bug, and keeps its stack trace.
 */
export async function orExitWithMessage<T>(
  start: () => T | Promise<T>,
  alsoOperatorErrors: readonly ErrorKind[] = [],
): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if ([ConfigError, DataDirInUse, ...alsoOperatorErrors].some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
      process.exit(1);
    }
    throw error;
  }
}
