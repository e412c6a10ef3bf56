import type { Executor } from './executor.js';

/** A personal access token as stored: its id is the hash of the token; the token itself is never kept. */
export interface TokenRow {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly actorUrn: string;
  readonly ownerUrn: string;
  readonly createdAt: number;
  /** null: never expires. */
  readonly expiresAt: number | null;
  /** DataHub's token type: `PERSONAL` (an access token) or `SESSION` (a sign-in of the web app). */
  readonly type: TokenType;
}

export type TokenType = 'PERSONAL' | 'SESSION';

const FIELDS =
  't.id AS id, t.name AS name, t.description AS description, t.actorUrn AS actorUrn, t.ownerUrn AS ownerUrn, t.createdAt AS createdAt, t.expiresAt AS expiresAt, coalesce(t.type, "PERSONAL") AS type';
/** Access tokens, not sessions: those the cap counts and the listings show. */
const PERSONAL = `coalesce(t.type, 'PERSONAL') <> 'SESSION'`;

/** Access tokens (`(:AccessToken)`) and role assignments (`(:ActorRole)`), outside the entity registry. */
export class AuthStore {
  constructor(private readonly exec: Executor) {}

  /**
   * Stores a token unless its actor already holds `cap` live (unexpired at `now`) access tokens (0: no
   * cap; sessions are not counted, and a new session removes the actor's expired ones).
   * Creations for one actor are serialized on its (:TokenActor) lock, so concurrent ones cannot pass
   * the cap together. Returns the number of live tokens the actor held before, and whether it was stored.
   */
  async createToken(row: TokenRow, cap: number, now: number): Promise<{ live: number; created: boolean }> {
    return this.exec.write(async (tx) => {
      const res = await tx.run<{ live: number }>(
        `MERGE (lock:TokenActor {actor: $row.actorUrn}) SET lock.at = $now
         WITH lock
         OPTIONAL MATCH (t:AccessToken {actorUrn: $row.actorUrn}) WHERE ${PERSONAL} AND (t.expiresAt IS NULL OR t.expiresAt > $now)
         RETURN count(t) AS live`,
        { row, now },
      );
      const live = res.records[0]?.get('live') ?? 0;
      if (row.type === 'SESSION')
        await tx.run(
          `MATCH (t:AccessToken {actorUrn: $actor, type: 'SESSION'}) WHERE t.expiresAt <= $now DELETE t`,
          { actor: row.actorUrn, now },
        );
      else if (cap > 0 && live >= cap) return { live, created: false };
      await tx.run('CREATE (t:AccessToken) SET t = $row', { row });
      return { live, created: true };
    });
  }

  async token(id: string): Promise<TokenRow | undefined> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<TokenRow>(`MATCH (t:AccessToken {id: $id}) RETURN ${FIELDS}`, { id });
      return res.records[0]?.toObject();
    });
  }

  /** A token with its actor's assigned role, in one read: what every authenticated request needs. */
  async tokenWithRole(id: string): Promise<(TokenRow & { role: string | null }) | undefined> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<TokenRow & { role: string | null }>(
        `MATCH (t:AccessToken {id: $id})
         OPTIONAL MATCH (r:ActorRole {actor: t.actorUrn})
         RETURN ${FIELDS}, r.role AS role`,
        { id },
      );
      return res.records[0]?.toObject();
    });
  }

  /** A page of access tokens (not sessions), newest first; only those of one owner when `ownerUrn` is given. */
  async tokens(q: {
    ownerUrn?: string | undefined;
    actorUrn?: string | undefined;
    start: number;
    count: number;
  }): Promise<{ total: number; tokens: TokenRow[] }> {
    return this.exec.read(async (tx) => {
      const where = `($owner IS NULL OR t.ownerUrn = $owner) AND ($actor IS NULL OR t.actorUrn = $actor) AND ${PERSONAL}`;
      const params = { owner: q.ownerUrn ?? null, actor: q.actorUrn ?? null, start: q.start, count: q.count };
      const total = await tx.run<{ n: number }>(
        `MATCH (t:AccessToken) WHERE ${where} RETURN count(t) AS n`,
        params,
      );
      const page = await tx.run<TokenRow>(
        `MATCH (t:AccessToken) WHERE ${where} RETURN ${FIELDS} ORDER BY t.createdAt DESC, t.id SKIP $start LIMIT $count`,
        params,
      );
      return { total: total.records[0]?.get('n') ?? 0, tokens: page.records.map((r) => r.toObject()) };
    });
  }

  /** Removes a token; true when there was one. */
  async deleteToken(id: string): Promise<boolean> {
    return this.exec.write(async (tx) => {
      const res = await tx.run<{ n: number }>(
        'MATCH (t:AccessToken {id: $id}) WITH t, 1 AS one DELETE t RETURN sum(one) AS n',
        { id },
      );
      return (res.records[0]?.get('n') ?? 0) > 0;
    });
  }

  async role(actor: string): Promise<string | undefined> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ role: string }>(
        'MATCH (r:ActorRole {actor: $actor}) RETURN r.role AS role',
        {
          actor,
        },
      );
      return res.records[0]?.get('role');
    });
  }

  /** Gives these actors a role (null: takes their role away). */
  async assignRole(actors: readonly string[], role: string | null): Promise<void> {
    await this.exec.write((tx) =>
      role === null
        ? tx.run('UNWIND $actors AS a MATCH (r:ActorRole {actor: a}) DELETE r', { actors })
        : tx.run('UNWIND $actors AS a MERGE (r:ActorRole {actor: a}) SET r.role = $role', { actors, role }),
    );
  }
}
