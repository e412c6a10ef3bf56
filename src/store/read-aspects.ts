import type { Tx } from './executor.js';
import type { StoredAspect } from './types.js';

type Row = {
  urn: string;
  name: string;
  version: number;
  value: string;
  defaulted?: string | null;
  time: number;
  actor: string;
  sm: string | null;
  revision?: number | null;
};

const toAspect = (r: Row): StoredAspect => ({
  urn: r.urn,
  name: r.name,
  version: r.version,
  value: r.value,
  ...(r.defaulted ? { defaulted: r.defaulted } : {}),
  created: { time: r.time, actor: r.actor },
  systemMetadata: r.sm,
  ...(typeof r.revision === 'number' ? { revision: r.revision } : {}),
});

/** Latest aspects of several entities (all, or only `names`): index seeks on Aspect.urn. */
export async function readLatest(
  tx: Tx,
  urns: readonly string[],
  names?: readonly string[],
): Promise<StoredAspect[]> {
  const res = await tx.run<Row>(
    `UNWIND $urns AS u
     MATCH (a:Aspect {urn: u})
     WHERE a.name IS NOT NULL AND ($names IS NULL OR a.name IN $names)
     RETURN a.urn AS urn, a.name AS name, 0 AS version, a.value AS value, a.defaulted AS defaulted, a.createdTime AS time,
            a.createdActor AS actor, a.systemMetadata AS sm, coalesce(a.maxVersion, 0) + 1 AS revision`,
    { urns, names: names ?? null },
  );
  return res.records.map((r) => toAspect(r.toObject()));
}

/**
 * The latest of some (urn, aspect) pairs: one seek each on the aspect's key, and only those aspects read
 * (the read-modify-writes of a batch name theirs; an entity's other aspects can be large).
 */
export async function readLatestPairs(
  tx: Tx,
  pairs: readonly { readonly urn: string; readonly name: string }[],
): Promise<StoredAspect[]> {
  const res = await tx.run<Row>(
    `UNWIND $pairs AS p
     MATCH (a:Aspect {urn: p.urn, name: p.name})
     RETURN a.urn AS urn, a.name AS name, 0 AS version, a.value AS value, a.defaulted AS defaulted, a.createdTime AS time,
            a.createdActor AS actor, a.systemMetadata AS sm, coalesce(a.maxVersion, 0) + 1 AS revision`,
    { pairs },
  );
  return res.records.map((r) => toAspect(r.toObject()));
}

/**
 * The latest values of every aspect of several entities, without versions or metadata: what a search
 * document is built from (the sync reads thousands of entities a round).
 */
export async function readLatestValues(
  tx: Tx,
  urns: readonly string[],
): Promise<{ urn: string; name: string; value: string }[]> {
  const res = await tx.run<{ urn: string; name: string; value: string }>(
    `UNWIND $urns AS u
     MATCH (a:Aspect {urn: u})
     WHERE a.name IS NOT NULL
     RETURN a.urn AS urn, a.name AS name, a.value AS value`,
    { urns },
  );
  return res.records.map((r) => ({ urn: r.get('urn'), name: r.get('name'), value: r.get('value') }));
}

/** One version of one aspect: 0 is the latest, 1 the oldest kept. */
export async function readVersion(
  tx: Tx,
  urn: string,
  name: string,
  version: number,
): Promise<StoredAspect | undefined> {
  const cypher =
    version === 0
      ? `MATCH (a:Aspect {urn: $urn, name: $name})
         RETURN a.urn AS urn, a.name AS name, 0 AS version, a.value AS value, a.defaulted AS defaulted, a.createdTime AS time, a.createdActor AS actor, a.systemMetadata AS sm,
                coalesce(a.maxVersion, 0) + 1 AS revision`
      : `MATCH (a:AspectVersion {urn: $urn, name: $name, version: $version})
         RETURN a.urn AS urn, a.name AS name, a.version AS version, a.value AS value, a.defaulted AS defaulted, a.createdTime AS time, a.createdActor AS actor, a.systemMetadata AS sm,
                a.version AS revision`;
  const res = await tx.run<Row>(cypher, { urn, name, version });
  const rec = res.records[0];
  return rec ? toAspect(rec.toObject()) : undefined;
}

/** Whether an entity exists as more than a stub (it has its key aspect). */
export async function readExists(tx: Tx, urn: string): Promise<boolean> {
  const res = await tx.run(`MATCH (n:Entity {urn: $urn}) WHERE n.hasKey RETURN 1 AS x`, { urn });
  return res.records.length > 0;
}

/**
 * Every version of some aspects of one entity, oldest first per aspect: the history (1 the oldest)
 * and the latest, numbered after it (`maxVersion + 1`).
 */
export async function readHistory(tx: Tx, urn: string, names: readonly string[]): Promise<StoredAspect[]> {
  const res = await tx.run<Row>(
    `MATCH (a:Aspect {urn: $urn}) WHERE a.name IN $names
     RETURN a.urn AS urn, a.name AS name, coalesce(a.maxVersion, 0) + 1 AS version, a.value AS value, a.defaulted AS defaulted,
            a.createdTime AS time, a.createdActor AS actor, a.systemMetadata AS sm
     UNION ALL
     MATCH (v:AspectVersion {urn: $urn}) WHERE v.name IN $names AND v.version IS NOT NULL
     RETURN v.urn AS urn, v.name AS name, v.version AS version, v.value AS value, v.defaulted AS defaulted,
            v.createdTime AS time, v.createdActor AS actor, v.systemMetadata AS sm`,
    { urn, names },
  );
  return res.records
    .map((r) => toAspect(r.toObject()))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.version - b.version));
}
