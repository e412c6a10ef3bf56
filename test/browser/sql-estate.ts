import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** The tables and views of the estate (sql_estate.py): raw_orders and customers feed orders, then revenue, then top_customers. */
export type EstateTable = 'raw_orders' | 'customers' | 'orders' | 'revenue' | 'top_customers';

/** What DataHub's SQL source ingested: each table's dataset URN and name, and the run's id. */
export interface SqlEstate {
  readonly urns: Record<EstateTable, string>;
  readonly names: Record<EstateTable, string>;
  readonly runId: string;
}

/**
 * A SQLite shop ingested into the server by DataHub's own SQL source (`datahub ingest` from the
 * conformance virtualenv, with profiling and view lineage), as `token`; throws with the run's output
 * when it failed.
 */
export async function ingestSqlEstate(server: string, token: string, suffix: string): Promise<SqlEstate> {
  const python = path.resolve('.venv', 'bin', 'python');
  const script = path.resolve('test', 'browser', 'sql_estate.py');
  const workdir = mkdtempSync(path.join(tmpdir(), 'neohub-sql-estate-'));
  const { stdout } = await promisify(execFile)(python, [script, workdir, suffix, server, token], {
    timeout: 300_000,
    maxBuffer: 16 << 20,
  });
  const got = JSON.parse(stdout.trim().split('\n').pop() as string) as SqlEstate & {
    code: number;
    failures: unknown[];
    tail: string;
  };
  if (got.code !== 0 || got.failures.length)
    throw new Error(`datahub ingest failed (${got.code}): ${JSON.stringify(got.failures)}\n${got.tail}`);
  return got;
}
