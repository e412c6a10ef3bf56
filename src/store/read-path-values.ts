import type { Tx } from './executor.js';

/** A path through aspects: the aspect read at each hop and the fields walked in its value. */
export type AspectPath = readonly { readonly aspect: string; readonly fields: readonly string[] }[];

/**
 * For each URN, the values each path reaches: one statement for all URNs and paths. A hop reads its
 * aspect on the entities reached so far (the URN itself first), walks the fields of each value (lists
 * flattened, absent fields dropped), and the next hop starts from the URNs the walk ended on. The
 * statement's shape comes from the number of paths, hops and fields alone; aspect and field names are
 * parameters.
 */
export async function readPathValues(
  tx: Tx,
  urns: readonly string[],
  paths: readonly AspectPath[],
): Promise<Map<string, unknown[][]>> {
  const params: Record<string, unknown> = { urns: [...urns] };
  const calls = paths.map((hops, p) => {
    const body = hops.map((hop, h) => {
      const aspect = `a${p}_${h}`;
      params[aspect] = hop.aspect;
      const steps = hop.fields.map((field, f) => {
        const key = `f${p}_${h}_${f}`;
        params[key] = field;
        return `WITH reduce(acc = [], y IN xs | acc + CASE WHEN y[$${key}] IS NULL THEN []
                  WHEN valueType(y[$${key}]) STARTS WITH 'LIST' THEN y[$${key}] ELSE [y[$${key}]] END) AS xs`;
      });
      return `CALL (x) {
        UNWIND x AS u
        MATCH (a:Aspect {urn: u, name: $${aspect}})
        WITH [apoc.convert.fromJsonMap(a.value)] AS xs
        ${steps.join('\n        ')}
        UNWIND xs AS z
        RETURN collect(z) AS next
      }
      WITH next AS x`;
    });
    return `CALL (urn) {
      WITH [urn] AS x
      ${body.join('\n      ')}
      RETURN x AS v${p}
    }`;
  });
  const res = await tx.run<{ urn: string; values: unknown[][] }>(
    `UNWIND $urns AS urn
     ${calls.join('\n     ')}
     RETURN urn, [${paths.map((_, p) => `v${p}`).join(', ')}] AS values`,
    params,
  );
  return new Map(res.records.map((r) => [r.get('urn'), r.get('values')]));
}
