import pRetry from 'p-retry';
import pg from 'pg';
import { describeError } from '../errors';
import { databaseErrorOf } from './errors';

/** The URL without its password, for messages. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured database';
  }
}

/**
 * Waits for an external database that is not up yet (a container starting beside this one, a
 * restart): connects with exponential backoff for up to `timeoutSeconds`, logging each failed try.
 * Failures that waiting cannot fix (a wrong password, a missing database) end it at once.
 */
export async function waitForDatabase(
  url: string,
  { timeoutSeconds, log }: { timeoutSeconds: number; log: (line: string) => void },
): Promise<void> {
  const started = performance.now();
  try {
    await pRetry(
      async () => {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
        // A connection dropped while connecting is also reported as an event; the rejection says it.
        client.on('error', () => undefined);
        try {
          await client.connect();
          await client.query('SELECT 1');
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      {
        retries: Number.POSITIVE_INFINITY,
        minTimeout: 500,
        maxTimeout: 10_000,
        maxRetryTime: timeoutSeconds * 1000,
        shouldRetry: ({ error }) => databaseErrorOf(error)?.statusCode === 503,
        onFailedAttempt: ({ error, attemptNumber }) => {
          if (databaseErrorOf(error)?.statusCode !== 503) return;
          const waited = Math.round((performance.now() - started) / 1000);
          const next = waited < timeoutSeconds ? '; retrying' : '';
          log(
            `Database ${redactedUrl(url)} not reachable (attempt ${attemptNumber}, ${waited} s of ${timeoutSeconds} s): ${describeError(error)}${next}`,
          );
        },
      },
    );
  } catch (error) {
    throw new Error(`Cannot connect to the database ${redactedUrl(url)}: ${describeError(error)}`, {
      cause: error,
    });
  }
}
