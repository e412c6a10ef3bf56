import { randomUUID } from 'node:crypto';
import type { Executor } from './executor.js';

export interface TaskStatus {
  readonly total: number;
  readonly updated: number;
  readonly created: number;
  readonly deleted: number;
  readonly batches: number;
}

export interface TaskRecord {
  readonly id: string;
  readonly type: string;
  readonly completed: boolean;
  readonly startedAt: number;
  readonly finishedAt: number | null;
  readonly status: TaskStatus;
  readonly params: string;
  readonly error: string | null;
}

/**
 * Background tasks, persisted as `(:Task {id})` nodes with ids `<node_id>:<task_id>`. A running task's
 * owner (one process) refreshes its `heartbeat`; a task left unfinished with a stale heartbeat (its
 * process died) can be claimed by another process, which resumes it.
 */
export class TaskStore {
  constructor(
    private readonly exec: Executor,
    private readonly nodeId: string,
    private readonly owner: string = randomUUID(),
  ) {}

  async create(type: string, params: unknown): Promise<string> {
    return this.exec.write(async (tx) => {
      const res = await tx.run<{ n: number }>(
        `MERGE (c:Counter {name: 'task'}) ON CREATE SET c.value = 0 SET c.value = c.value + 1 RETURN c.value AS n`,
      );
      const id = `${this.nodeId}:${res.records[0]?.get('n') ?? 1}`;
      await tx.run(
        `CREATE (:Task {id: $id, type: $type, completed: false, startedAt: timestamp(), params: $params,
                        total: 0, updated: 0, created: 0, deleted: 0, batches: 0,
                        owner: $owner, heartbeat: timestamp()})`,
        { id, type, params: JSON.stringify(params ?? {}), owner: this.owner },
      );
      return id;
    });
  }

  async progress(id: string, delta: Partial<TaskStatus>): Promise<void> {
    await this.exec.write((tx) =>
      tx.run(
        `MATCH (t:Task {id: $id})
         SET t.total = t.total + $total, t.updated = t.updated + $updated, t.created = t.created + $created,
             t.deleted = t.deleted + $deleted, t.batches = t.batches + $batches, t.heartbeat = timestamp()`,
        {
          id,
          total: delta.total ?? 0,
          updated: delta.updated ?? 0,
          created: delta.created ?? 0,
          deleted: delta.deleted ?? 0,
          batches: delta.batches ?? 0,
        },
      ),
    );
  }

  async finish(id: string, error?: string): Promise<void> {
    await this.exec.write((tx) =>
      tx.run(
        'MATCH (t:Task {id: $id}) SET t.completed = true, t.finishedAt = timestamp(), t.error = $error',
        { id, error: error ?? null },
      ),
    );
  }

  /** Marks a task this process runs as alive. */
  async heartbeat(id: string): Promise<void> {
    await this.exec.write((tx) =>
      tx.run('MATCH (t:Task {id: $id, owner: $owner}) SET t.heartbeat = timestamp()', {
        id,
        owner: this.owner,
      }),
    );
  }

  /** Unfinished tasks whose heartbeat is older than `staleMs`: their process is gone. */
  async stale(staleMs: number): Promise<string[]> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ id: string }>(
        `MATCH (t:Task) WHERE t.completed = false AND coalesce(t.heartbeat, t.startedAt) < timestamp() - $stale
         RETURN t.id AS id ORDER BY t.startedAt`,
        { stale: staleMs },
      );
      return res.records.map((r) => r.get('id'));
    });
  }

  /**
   * Takes over a stale task for this process. The task node is locked before its heartbeat is checked,
   * so of several processes claiming one task exactly one gets it.
   */
  async claim(id: string, staleMs: number): Promise<TaskRecord | undefined> {
    const claimed = await this.exec.write(async (tx) => {
      await tx.run('MATCH (t:Task {id: $id}) SET t.claims = coalesce(t.claims, 0) + 1', { id });
      const res = await tx.run<{ t: Record<string, unknown> }>(
        `MATCH (t:Task {id: $id})
         WHERE t.completed = false AND coalesce(t.heartbeat, t.startedAt) < timestamp() - $stale
         SET t.owner = $owner, t.heartbeat = timestamp()
         RETURN properties(t) AS t`,
        { id, stale: staleMs, owner: this.owner },
      );
      return res.records[0]?.get('t');
    });
    return claimed ? record(claimed) : undefined;
  }

  async get(id: string): Promise<TaskRecord | undefined> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ t: Record<string, unknown> }>(
        'MATCH (t:Task {id: $id}) RETURN properties(t) AS t',
        { id },
      );
      const t = res.records[0]?.get('t');
      return t ? record(t) : undefined;
    });
  }
}

function record(t: Record<string, unknown>): TaskRecord {
  const num = (k: string): number => Number(t[k] ?? 0);
  return {
    id: String(t.id),
    type: String(t.type),
    completed: t.completed === true,
    startedAt: num('startedAt'),
    finishedAt: t.finishedAt === undefined || t.finishedAt === null ? null : num('finishedAt'),
    status: {
      total: num('total'),
      updated: num('updated'),
      created: num('created'),
      deleted: num('deleted'),
      batches: num('batches'),
    },
    params: String(t.params ?? '{}'),
    error: typeof t.error === 'string' ? t.error : null,
  };
}
