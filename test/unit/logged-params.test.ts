import { Writable } from 'node:stream';
import type { Driver } from 'neo4j-driver';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactionOf } from '../../src/auth/index.js';
import type { Logger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { appendChangeLog } from '../../src/store/append-change-log.js';
import { jsonParams, rowParams, type PendingChange } from '../../src/store/batch-util.js';
import { Executor, type Tx } from '../../src/store/executor.js';

/**
 * `LOG_LEVEL=debug` logs every Cypher statement with its parameters: through the one redaction
 * (`Redaction.params`), whoever the caller, so that no secret a write carries reaches a log.
 */
const SECRETS = ['s4lt-value', 'h4shed-password', 'r3set-token', 's3cret-value', '1nvite-token', 'pw-in-url'];
const credentials = { salt: SECRETS[0], hashedPassword: SECRETS[1], passwordResetToken: SECRETS[2] };
const secret = { name: 'db', value: SECRETS[3] };
const invite = { token: SECRETS[4], role: 'urn:li:dataHubRole:Reader' };
const user = 'urn:li:corpuser:ann';

/** An Executor on a driver whose write transaction answers every statement with no records. */
function debugExecutor(shown?: (p: Record<string, unknown>) => unknown): { exec: Executor; lines: any[] } {
  const lines: any[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const tx = { run: async () => ({ records: [] }) };
  const driver = {
    session: () => ({ executeWrite: (work: (t: typeof tx) => unknown) => work(tx), close: async () => {} }),
  } as unknown as Driver;
  const log = pino({ level: 'debug' }, sink) as unknown as Logger;
  return { exec: new Executor(driver, log, undefined, undefined, shown), lines };
}

const change = (aspect: string, value: unknown, previous: unknown): PendingChange => ({
  urn: user,
  entityType: 'corpuser',
  aspect,
  changeType: 'UPSERT',
  previousValue: previous === null ? null : JSON.stringify(previous),
  newValue: JSON.stringify(value),
  created: { time: 1, actor: user },
  runId: null,
  systemMetadata: null,
  previousSystemMetadata: null,
});

/** What a write of the store sends: its rows as one JSON parameter, then the change log's lists. */
async function writeSecrets(tx: Tx): Promise<void> {
  const row = (aspect: string, value: unknown) => ({ i: 0, urn: user, aspect, value: JSON.stringify(value) });
  await tx.run(
    'UNWIND $rows AS r CREATE (:Aspect {urn: r.urn, name: r.aspect, value: r.value})',
    jsonParams('rows', [
      row('corpUserCredentials', credentials),
      row('dataHubSecretValue', secret),
      row('inviteToken', invite),
      row('corpUserInfo', { displayName: 'Ann', active: true }),
    ]),
  );
  // A large batch goes as plain parameters (no JSON text): the same rows as objects.
  await tx.run('UNWIND $rows AS r RETURN r', { rows: [{ aspect: 'dataHubSecretValue', value: secret }] });
  // The write path's rows: their values beside them as lists of JSON texts, with the aspects' names.
  const written = [
    ['corpUserCredentials', credentials],
    ['dataHubSecretValue', secret],
    ['corpUserInfo', { displayName: 'Ann' }],
  ] as const;
  await tx.run(
    'CREATE (:Aspect)',
    rowParams(
      'aspectRows',
      written.map(([aspect]) => ({ urn: user, aspect })),
      { value: written.map(([, v]) => JSON.stringify(v)) },
      written.map(([aspect]) => aspect),
    ),
  );
  await appendChangeLog(
    tx,
    [
      change('corpUserCredentials', credentials, { ...credentials, salt: 'x' }),
      change('corpUserInfo', { displayName: 'Ann' }, null),
    ],
    1,
  );
  await tx.run('MATCH (u {password: $password, token: $token}) RETURN u', {
    password: 'plain',
    token: 'tok',
    uri: `bolt://neo4j:${SECRETS[5]}@db:7687`,
  });
}

describe('the store debug log of statement parameters', () => {
  it('shows the parameters with every secret the registry and the settings name redacted', async () => {
    const registry = defaultRegistry();
    const { exec, lines } = debugExecutor((p) => redactionOf(registry).params(p));
    await exec.write(writeSecrets);
    const text = JSON.stringify(lines);
    expect(lines.filter((l) => l.msg === 'cypher')).toHaveLength(5);
    for (const s of [...SECRETS, 'plain', '"tok"']) expect(text, s).not.toContain(s);

    // Everything else is shown as it was sent: the statement, names, URNs, the values' other fields.
    const [rows, plain, beside, changeLog, named] = lines.map((l) => l.params);
    const sent = JSON.parse(rows.rowsJson);
    expect(sent.map((r: any) => r.aspect)).toEqual([
      'corpUserCredentials',
      'dataHubSecretValue',
      'inviteToken',
      'corpUserInfo',
    ]);
    expect(JSON.parse(sent[0].value)).toEqual({
      salt: REDACTED,
      hashedPassword: REDACTED,
      passwordResetToken: REDACTED,
    });
    expect(JSON.parse(sent[1].value)).toEqual({ name: 'db', value: REDACTED });
    expect(JSON.parse(sent[2].value)).toEqual({ token: REDACTED, role: invite.role });
    expect(JSON.parse(sent[3].value)).toEqual({ displayName: 'Ann', active: true });
    expect(plain.rows[0].value).toEqual({ name: 'db', value: REDACTED });
    expect(JSON.parse(beside.aspectRowsJson).map((r: any) => r.aspect)).toEqual(beside.aspects);
    expect(beside.aspectRows_value.map((v: string) => JSON.parse(v))).toEqual([
      { salt: REDACTED, hashedPassword: REDACTED, passwordResetToken: REDACTED },
      { name: 'db', value: REDACTED },
      { displayName: 'Ann' },
    ]);
    expect(JSON.parse(changeLog.listsJson).urns).toEqual([user, user]);
    expect(changeLog.aspects).toEqual(['corpUserCredentials', 'corpUserInfo']);
    expect(JSON.parse(changeLog.newValues[0]).hashedPassword).toBe(REDACTED);
    expect(JSON.parse(changeLog.previousValues[0]).salt).toBe(REDACTED);
    expect(JSON.parse(changeLog.newValues[1])).toEqual({ displayName: 'Ann' });
    expect(named).toEqual({ password: REDACTED, token: REDACTED, uri: `bolt://${REDACTED}@db:7687` });
    expect(lines[0].cypher).toContain('UNWIND $rows AS r CREATE');
  });

  it("shows only the parameters' names when the executor has no redaction", async () => {
    const { exec, lines } = debugExecutor();
    await exec.write(writeSecrets);
    const text = JSON.stringify(lines);
    for (const s of SECRETS) expect(text).not.toContain(s);
    expect(lines[0]).toMatchObject({ msg: 'cypher', paramNames: ['rows', 'rowsJson'] });
  });
});
