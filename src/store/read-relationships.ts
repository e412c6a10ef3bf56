import type { Tx } from './executor.js';

export interface RelationshipQuery {
  readonly urn: string;
  /** Relationship types, already checked against the registry's whitelist. */
  readonly types: readonly string[];
  readonly direction: 'INCOMING' | 'OUTGOING';
  readonly start: number;
  readonly count: number;
  /** Kinds whose entities the page leaves out (those the caller may not see). */
  readonly unseenKinds?: readonly string[];
}

export interface RelationshipPage {
  readonly total: number;
  readonly relationships: readonly {
    readonly entity: string;
    readonly type: string;
    readonly createdOn: number | null;
    readonly createdActor: string | null;
  }[];
}

/** One page of the entities on the other side of `urn`'s edges of the given types, ordered by URN. */
export async function readRelationships(tx: Tx, q: RelationshipQuery): Promise<RelationshipPage> {
  const pattern = q.direction === 'OUTGOING' ? '(n)-[r]->(m)' : '(n)<-[r]-(m)';
  const res = await tx.run<{
    total: number;
    page: { entity: string; type: string; createdOn: number | null; createdActor: string | null }[];
  }>(
    `MATCH (n:Entity {urn: $urn})
     MATCH ${pattern} WHERE type(r) IN $types AND NOT coalesce(m.entityType, '') IN $unseen
     WITH m.urn AS entity, type(r) AS type, min(r.createdOn) AS createdOn, min(r.createdActor) AS createdActor
     ORDER BY entity, type
     WITH collect({entity: entity, type: type, createdOn: createdOn, createdActor: createdActor}) AS rels
     RETURN size(rels) AS total, rels[$start..$end] AS page`,
    {
      urn: q.urn,
      types: q.types,
      unseen: q.unseenKinds ?? [],
      start: q.start,
      end: Math.min(q.start + q.count, 2_147_483_647),
    },
  );
  const rec = res.records[0];
  return rec ? { total: rec.get('total'), relationships: rec.get('page') } : { total: 0, relationships: [] };
}

/** The aspects whose edges point at an entity: the entity (or the owner of a field's edge) and aspect. */
export async function readReferences(
  tx: Tx,
  urn: string,
  unseen: readonly string[] = [],
): Promise<{ entity: string; aspect: string; type: string }[]> {
  const res = await tx.run<{ entity: string; aspect: string; type: string }>(
    `MATCH (t:Entity {urn: $urn})<-[r]-(s:Entity)
     WHERE r.aspect IS NOT NULL AND NOT coalesce(s.entityType, '') IN $unseen
     RETURN DISTINCT coalesce(r.owner, s.urn) AS entity, r.aspect AS aspect, type(r) AS type
     ORDER BY entity, aspect, type`,
    { urn, unseen },
  );
  return res.records.map((r) => r.toObject());
}

/** The entities whose `aspect` has an edge of `type` to `urn` (its sources), e.g. the versions of a set. */
export async function readSources(tx: Tx, urn: string, type: string, aspect: string): Promise<string[]> {
  const res = await tx.run<{ urn: string }>(
    `MATCH (s:Entity)-[r]->(:Entity {urn: $urn})
     WHERE type(r) = $type AND r.aspect = $aspect
     RETURN DISTINCT s.urn AS urn`,
    { urn, type, aspect },
  );
  return res.records.map((r) => r.get('urn'));
}
