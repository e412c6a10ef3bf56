import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/index.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { array, record, urn } from '../../src/registry/schema.js';
import { validateValue } from '../../src/registry/validate.js';
import { checkDefinition } from '../../src/services/structured-properties/definition-rules.js';

const registry = defaultRegistry();
const aspect = (name: string) => registry.findAspect(name)!;
const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,PROD)';

/** The violations a registry validation of an aspect value throws (none: an empty list). */
function violations(name: string, value: unknown): { path: string; message: string }[] {
  try {
    registry.normalizeAspect(aspect(name), value);
    return [];
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return [...err.violations];
  }
}

describe('URN fields typed with an entity kind', () => {
  it('take a URN of that kind and refuse another, naming the path and the kind expected', () => {
    const Upstream = record('x.Upstream', { dataset: urn('dataset'), query: urn() });
    const schema = record('x.Lineage', { upstreams: array(Upstream) });
    const ok = validateValue({ upstreams: [{ dataset: DS, query: MODEL }] }, schema);
    expect(ok.violations).toEqual([]);
    const bad = validateValue(
      {
        upstreams: [
          { dataset: DS, query: DS },
          { dataset: MODEL, query: DS },
        ],
      },
      schema,
    );
    expect(bad.violations).toEqual([
      {
        path: '/upstreams/1/dataset',
        message: expect.stringMatching(/expected a URN of kind dataset, got one of kind mlModel/),
      },
    ]);
  });

  it('come from the model: a DatasetUrn field refuses an mlModel URN (upstreamLineage)', () => {
    const value = (dataset: string) => ({ upstreams: [{ dataset, type: 'TRANSFORMED' }] });
    expect(violations('upstreamLineage', value(DS))).toEqual([]);
    const found = violations('upstreamLineage', value(MODEL));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ path: '/upstreams/0/dataset' });
    expect(found[0]?.message).toContain('kind dataset');
    expect(found[0]?.message).toContain(MODEL);
  });

  it('where a relationship names the kinds: users and groups own, a dataset does not', () => {
    const own = (owner: string) => ({ owners: [{ owner, type: 'DATAOWNER' }] });
    expect(violations('ownership', own('urn:li:corpuser:jdoe'))).toEqual([]);
    expect(violations('ownership', own('urn:li:corpGroup:eng'))).toEqual([]);
    const found = violations('ownership', own(DS));
    expect(found).toEqual([
      { path: '/owners/0/owner', message: expect.stringContaining('one of the kinds corpuser, corpGroup') },
    ]);
  });

  it('in arrays and edges: a job reads datasets only', () => {
    const io = (urns: string[]) => ({
      inputDatasets: [],
      outputDatasets: [],
      inputDatasetEdges: urns.map((destinationUrn) => ({ destinationUrn })),
    });
    expect(violations('dataJobInputOutput', io([DS]))).toEqual([]);
    expect(violations('dataJobInputOutput', io([DS, MODEL]))).toEqual([
      { path: '/inputDatasetEdges/1/destinationUrn', message: expect.stringContaining('kind dataset') },
    ]);
  });

  it('plain Urn fields take any kind', () => {
    const value = { upstreams: [{ dataset: DS, type: 'TRANSFORMED', query: MODEL }] };
    expect(violations('upstreamLineage', value)).toEqual([]);
    // A data product's assets are of many kinds, among them ML models.
    const assets = { assets: [{ destinationUrn: MODEL }, { destinationUrn: DS }] };
    expect(violations('dataProductProperties', assets)).toEqual([]);
    expect(
      violations('dataProductProperties', { assets: [{ destinationUrn: 'urn:li:corpuser:x' }] }),
    ).toHaveLength(1);
  });

  it('are derived from the model only: every relationship annotation with kinds, none from the overlay', () => {
    const withKinds = registry.allAspects().filter((a) => a.urnKinds?.length);
    expect(withKinds.length).toBeGreaterThan(50);
    // The overlay's corpGroupInfo admins edge adds no rule.
    expect(aspect('corpGroupInfo').urnKinds?.some((k) => k.path === 'admins/*')).not.toBe(true);
  });
});

describe('structured property definitions name entity kinds that exist', () => {
  const def = (entityTypes: string[], allowedTypes?: string[]) => ({
    qualifiedName: 'io.acryl.owner',
    valueType: 'urn:li:dataType:datahub.urn',
    cardinality: 'SINGLE' as const,
    entityTypes,
    ...(allowedTypes ? { typeQualifier: { allowedTypes } } : {}),
  });
  const isKind = (name: string) => registry.entityOfUrnType(name) !== undefined;
  const URN = 'urn:li:structuredProperty:io.acryl.owner';

  it('accepts known kinds, in both forms', () => {
    expect(() =>
      checkDefinition(
        URN,
        def(['urn:li:entityType:datahub.dataset', 'urn:li:entityType:schemaField']),
        undefined,
        isKind,
      ),
    ).not.toThrow();
    expect(() =>
      checkDefinition(
        URN,
        def(['urn:li:entityType:datahub.dataset'], ['urn:li:entityType:datahub.corpuser']),
        undefined,
        isKind,
      ),
    ).not.toThrow();
  });

  it('refuses a kind the model lacks, in entityTypes and in allowedTypes', () => {
    const refused = (d: ReturnType<typeof def>) => {
      try {
        checkDefinition(URN, d, undefined, isKind);
      } catch (err) {
        return (err as ValidationError).violations;
      }
      return [];
    };
    expect(
      refused(def(['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.nonexistent'])),
    ).toEqual([{ path: '/entityTypes/1', message: expect.stringContaining('no entity kind "nonexistent"') }]);
    expect(
      refused(def(['urn:li:entityType:datahub.dataset'], ['urn:li:entityType:datahub.Dataset'])),
    ).toEqual([
      { path: '/typeQualifier/allowedTypes/0', message: expect.stringContaining('no entity kind "Dataset"') },
    ]);
    expect(refused(def(['urn:li:entityType:datahub.dataset'], ['urn:li:dataPlatform:snowflake']))).toEqual([
      { path: '/typeQualifier/allowedTypes/0', message: expect.stringContaining('not an entity type URN') },
    ]);
  });
});
