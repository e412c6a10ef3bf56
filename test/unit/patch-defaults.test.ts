import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/index.js';
import { defaultRecord, patchAspect, readPatchBody, SYSTEM_ACTOR } from '../../src/patch/index.js';

const T = 1_700_000_000_000;
const stamp = { actor: SYSTEM_ACTOR, time: T };
const body = (b: unknown) => readPatchBody(b as never);
const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';

describe("DataHub's default records (its patch templates' getDefault)", () => {
  it('fill the required arrays and the audit stamps, by the system actor at the write time', () => {
    expect(SYSTEM_ACTOR).toBe('urn:li:corpuser:__datahub_system');
    expect(defaultRecord('upstreamLineage', T)).toEqual({ upstreams: [], fineGrainedLineages: [] });
    expect(defaultRecord('editableSchemaMetadata', T)).toEqual({
      created: stamp,
      lastModified: stamp,
      editableSchemaFieldInfo: [],
    });
    expect(defaultRecord('glossaryTerms', T)).toEqual({ terms: [], auditStamp: stamp });
    expect(defaultRecord('ownership', T)).toEqual({ owners: [], lastModified: stamp });
    expect(defaultRecord('dataJobInputOutput', T)).toEqual({
      inputDatajobEdges: [],
      inputDatasetEdges: [],
      outputDatasetEdges: [],
      fineGrainedLineages: [],
      inputDatasetFields: [],
      outputDatasetFields: [],
      inputDatajobs: [],
      inputDatasets: [],
      outputDatasets: [],
    });
    expect(defaultRecord('chartInfo', T)).toEqual({
      description: '',
      title: '',
      lastModified: { created: stamp, lastModified: stamp },
      inputEdges: [],
      inputs: [],
    });
    expect(defaultRecord('siblings', T)).toEqual({ siblings: [], primary: false });
    expect(defaultRecord('propertyDefinition', T)).toEqual({
      qualifiedName: '',
      valueType: 'urn:li:dataType:datahub.string',
      entityTypes: [],
    });
    expect(defaultRecord('editableDatasetProperties', T)).toEqual({});
  });

  it('exist only for the aspects DataHub has a template with a default for', () => {
    for (const aspect of [
      'institutionalMemory',
      'schemaMetadata',
      'versionProperties',
      'toString',
      '__proto__',
    ])
      expect(defaultRecord(aspect, T)).toBeUndefined();
  });

  it('are fresh each time: a patch of one never changes the next', () => {
    const a = defaultRecord('globalTags', T) as { tags: unknown[] };
    a.tags.push({ tag: 'urn:li:tag:x' });
    expect(defaultRecord('globalTags', T)).toEqual({ tags: [] });
  });
});

describe('patchAspect', () => {
  it('starts a missing aspect from its default record', () => {
    const up = 'urn:li:dataset:(urn:li:dataPlatform:hive,up,PROD)';
    const out = patchAspect(
      'upstreamLineage',
      URN,
      undefined,
      body([{ op: 'add', path: `/upstreams/${up}`, value: { dataset: up, type: 'COPY' } }]),
      T,
    );
    expect(out).toEqual({ upstreams: [{ dataset: up, type: 'COPY' }], fineGrainedLineages: [] });
  });

  it('patches the current value, not the default, when the aspect exists', () => {
    const out = patchAspect(
      'globalTags',
      URN,
      { tags: [{ tag: 'urn:li:tag:a' }] },
      body([{ op: 'add', path: '/tags/urn:li:tag:b', value: { tag: 'urn:li:tag:b' } }]),
      T,
    );
    expect(out).toEqual({ tags: [{ tag: 'urn:li:tag:a' }, { tag: 'urn:li:tag:b' }] });
  });

  it("restores a key that lived only in the path, and stamps a field's new terms", () => {
    const term = 'urn:li:glossaryTerm:t';
    const out = patchAspect(
      'editableSchemaMetadata',
      URN,
      undefined,
      body([
        { op: 'add', path: `/editableSchemaFieldInfo/b/glossaryTerms/terms/${term}`, value: { urn: term } },
      ]),
      T,
    );
    expect(out).toEqual({
      created: stamp,
      lastModified: stamp,
      editableSchemaFieldInfo: [
        { fieldPath: 'b', glossaryTerms: { terms: [{ urn: term }], auditStamp: stamp } },
      ],
    });
  });

  it("keeps a field's terms stamp that is there", () => {
    const own = { actor: 'urn:li:corpuser:jdoe', time: 5 };
    const current = {
      created: own,
      lastModified: own,
      editableSchemaFieldInfo: [{ fieldPath: 'b', glossaryTerms: { terms: [], auditStamp: own } }],
    };
    const out = patchAspect(
      'editableSchemaMetadata',
      URN,
      current,
      body([{ op: 'add', path: '/editableSchemaFieldInfo/b/description', value: 'd' }]),
      T,
    );
    expect(out.editableSchemaFieldInfo).toEqual([
      { fieldPath: 'b', glossaryTerms: { terms: [], auditStamp: own }, description: 'd' },
    ]);
  });

  it('refuses a plain patch of a missing aspect without a default, in DataHub words', () => {
    const ops = [{ op: 'add', path: '/elements/x', value: { url: 'x' } }];
    expect(() => patchAspect('institutionalMemory', URN, undefined, body(ops), T)).toThrow(ValidationError);
    expect(() => patchAspect('versionProperties', URN, undefined, body(ops), T)).toThrow(
      `Patch not supported for aspect with name versionProperties. Default aspect is required because no aspect currently exists for urn ${URN}.`,
    );
  });

  it('starts a generic patch (arrayPrimaryKeys, forceGenericPatch) of such an aspect from the empty record', () => {
    const el = { url: 'x', description: 'd' };
    const keyed = body({
      patch: [{ op: 'add', path: '/elements/x', value: el }],
      arrayPrimaryKeys: { elements: ['url'] },
    });
    expect(patchAspect('institutionalMemory', URN, undefined, keyed, T)).toEqual({ elements: [el] });
    const forced = body({ patch: [{ op: 'add', path: '/schemaName', value: 's' }], forceGenericPatch: true });
    expect(patchAspect('schemaMetadata', URN, undefined, forced, T)).toEqual({ schemaName: 's' });
  });

  it('a generic patch starts from the default too, where there is one', () => {
    const g = body({
      patch: [{ op: 'add', path: '/tags/urn:li:tag:a', value: { tag: 'urn:li:tag:a' } }],
      arrayPrimaryKeys: { tags: ['tag'] },
    });
    expect(patchAspect('globalTags', URN, undefined, g, T)).toEqual({ tags: [{ tag: 'urn:li:tag:a' }] });
  });
});
