import type pg from 'pg';

/**
 * Gives a checked-out client back to the pool, broken, as soon as its connection ends (the
 * database restarted or went away), and makes a second release of it harmless. Without this a
 * client could stay checked out for ever: drizzle's `transaction()` releases its client only once
 * `begin` has succeeded, so a `begin` on a connection that died while idle leaked a pool slot,
 * and after a database outage the pool ran dry.
 */
export function releaseLostClients(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  // Only the promise form (drizzle's); pool.query's callback form releases its client itself.
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return (connect as (...callbackArgs: unknown[]) => unknown)(...args);
    return connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const releaseOnce = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('end', onEnd);
        release(error);
      };
      const onEnd = () => releaseOnce(new Error('the connection ended while the client was checked out'));
      client.release = releaseOnce;
      client.once('end', onEnd);
      return client;
    });
  }) as typeof pool.connect;
}
