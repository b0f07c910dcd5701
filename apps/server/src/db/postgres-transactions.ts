import { NodePgSession } from "drizzle-orm/node-postgres";
import type pg from "pg";

type Transaction = NodePgSession<Record<string, unknown>, never>["transaction"];

/**
 * drizzle-orm's node-postgres `transaction()` checks a client out of the pool and sends BEGIN
 * before its try/finally, so a BEGIN that fails (its backend ended between the checkout and the
 * statement) never gives the client back. Ten such failures (the pool's size) and every request
 * waits for a connection until its timeout, until a restart. Known upstream and open (drizzle-orm
 * #6023, #6241, #6341); remove this once a release returns the client itself.
 *
 * Here the pool's transactions check their client out themselves and run drizzle's own
 * transaction on that client (where drizzle neither checks out nor releases), then release it
 * whatever happened: with the error when BEGIN failed, so that the pool drops the connection.
 */
export function releaseClientsOfFailedTransactions(db: object, pool: pg.Pool): void {
  const session = (db as { session: NodePgSession<Record<string, unknown>, never> }).session;
  // drizzle's private fields, read as its own transaction() reads them to make a client's session.
  const { dialect, schema, options } = session as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
  session.transaction = (async (work, config) => {
    const client = await pool.connect();
    let began = false;
    let failure: Error | undefined;
    try {
      const clientSession = new NodePgSession(client, dialect, schema, options);
      return await clientSession.transaction((tx) => {
        began = true;
        return work(tx as never);
      }, config);
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      // A work's own error (a conflict, bad input) leaves a healthy connection, rolled back; pg's
      // pool drops a client whose connection broke whichever way it comes back.
      client.release(began ? undefined : failure);
    }
  }) as Transaction;
}
