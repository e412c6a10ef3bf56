import { getOwn, isJsonObject, setOwn, type Json, type JsonObject } from '../json/index.js';
import type { KeyedArraySpec } from './keyed-arrays.js';

/** The key DataHub's patches use for an absent transform operation or query. */
const NONE = 'NONE';

const child = (node: JsonObject, key: string): JsonObject => {
  const next = getOwn(node, key);
  return isJsonObject(next) ? next : (setOwn(node, key, {})[key] as JsonObject);
};
const strings = (v: Json): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * Fine-grained (column-level) lineage as DataHub's patch templates see it: a map from transform
 * operation to downstream field to query to upstream, each leaf holding the edge's confidence score.
 * DataHub's SDK adds and removes one upstream of one downstream at a time
 * (`/fineGrainedLineages/<op>/<downstream>/<query>/<upstream>`); the map is rebuilt into one lineage
 * per (operation, downstream, query), with the upstreams in their order.
 */
export function fineGrainedLineages(path: string): KeyedArraySpec {
  return {
    path: path.split('/'),
    keys: ['transformOperation', 'downstreams', 'query', 'upstreams'],
    toMap(array) {
      const root: JsonObject = {};
      for (const el of array) {
        if (!isJsonObject(el)) continue;
        const op = (getOwn(el, 'transformOperation') as string | undefined) ?? NONE;
        const query = (getOwn(el, 'query') as string | undefined) ?? NONE;
        const leaf = {
          confidenceScore: getOwn(el, 'confidenceScore') ?? 1,
          upstreamType: getOwn(el, 'upstreamType'),
          downstreamType: getOwn(el, 'downstreamType'),
        };
        for (const down of strings(getOwn(el, 'downstreams')))
          for (const up of strings(getOwn(el, 'upstreams')))
            setOwn(child(child(child(root, op), down), query), up, { ...leaf });
      }
      return root;
    },
    fromMap(map) {
      const out: Json[] = [];
      for (const [op, downs] of Object.entries(map))
        for (const [down, queries] of Object.entries(isJsonObject(downs) ? downs : {}))
          for (const [query, ups] of Object.entries(isJsonObject(queries) ? queries : {})) {
            const leaves = Object.entries(isJsonObject(ups) ? ups : {});
            if (!leaves.length) continue;
            const upstreams = leaves.map(([u]) => u);
            const first = leaves.map(([, l]) => l).find(isJsonObject) ?? {};
            const scores = leaves.map(([, l]) =>
              isJsonObject(l) ? getOwn(l, 'confidenceScore') : undefined,
            );
            const numbers = scores.filter((x): x is number => typeof x === 'number');
            out.push({
              upstreamType:
                getOwn(first, 'upstreamType') ??
                (upstreams.every((u) => u.startsWith('urn:li:schemaField:')) ? 'FIELD_SET' : 'DATASET'),
              upstreams,
              downstreamType: getOwn(first, 'downstreamType') ?? 'FIELD',
              downstreams: [down],
              ...(op !== NONE ? { transformOperation: op } : {}),
              confidenceScore: numbers.length ? Math.max(...numbers) : 1,
              ...(query !== NONE ? { query } : {}),
            });
          }
      return out;
    },
  };
}
