import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultRegistry, MODEL_VERSION, OVERLAY } from '../../src/registry/index.js';
import { declarations } from '../../src/registry/model.js';
import type { DataHubModel } from '../../src/registry/model-types.js';
import {
  generateFromVenv,
  installedSchemas,
  MODEL_FILE,
  modelText,
  pinnedVersion,
  WIRE_FILE,
  wireSchemasFromVenv,
} from '../../src/registry/generator/files.js';

const root = path.resolve(import.meta.dirname, '../..');
const committedText = readFileSync(path.join(root, MODEL_FILE), 'utf8');
const committed = JSON.parse(committedText) as DataHubModel;

describe('the generated registry', () => {
  it('was generated from the pinned acryl-datahub', () => {
    expect(committed.model).toMatchObject({ package: 'acryl-datahub', version: pinnedVersion(root) });
    expect(MODEL_VERSION).toBe(pinnedVersion(root));
  });

  it('is exactly what the pinned model generates (npm run registry:generate rewrites it)', () => {
    const found = installedSchemas(root);
    if (typeof found === 'string') throw new Error(`cannot check the registry against the model: ${found}`);
    const text = modelText(generateFromVenv(root));
    // Compared as text, so that a change of order or layout is drift too; the message names the command.
    expect(text === committedText, `${MODEL_FILE} differs: run npm run registry:generate`).toBe(true);
  });

  it("holds the Kafka records' writer schemas the pin ships (npm run registry:generate rewrites them)", () => {
    const text = readFileSync(path.join(root, WIRE_FILE), 'utf8');
    expect(
      text === modelText(wireSchemasFromVenv(root)),
      `${WIRE_FILE} differs: run npm run registry:generate`,
    ).toBe(true);
    const wire = JSON.parse(text) as { schemas: Record<string, { name: string; doc?: string }> };
    expect(Object.keys(wire.schemas)).toEqual(['MetadataChangeLog', 'PlatformEvent']);
    expect(wire.schemas.MetadataChangeLog?.name).toBe('MetadataChangeLog');
    expect(text).not.toContain('"doc"');
  });

  it("holds DataHub's whole model: every kind, aspect and relationship name", () => {
    const registry = defaultRegistry();
    expect(registry.allEntities()).toHaveLength(Object.keys(committed.entities).length);
    expect(registry.allEntities().length).toBeGreaterThanOrEqual(72);
    expect(registry.allAspects()).toHaveLength(Object.keys(committed.aspects).length);
    expect(registry.allAspects().filter((a) => a.timeseries).length).toBeGreaterThanOrEqual(11);
    for (const e of registry.allEntities()) {
      expect(e.aspects[0]).toBe(e.keyAspect);
      expect(registry.keyAspectOf(e).schema.fields.map((f) => f.name)).toEqual(e.keyFields);
    }
    expect(registry.relationshipTypes.size).toBeGreaterThanOrEqual(85);
  });

  it('applies the overlay, and refuses entries the model does not have or already has', () => {
    const registry = defaultRegistry();
    expect(registry.findEntity('corpuser')?.label).toBe('CorpUser');
    expect(registry.findEntity('dataJob')?.label).toBe('DataJob');
    expect(
      registry
        .findAspect('corpGroupInfo')
        ?.relationships?.some((r) => r.path === 'admins/*' && r.name === 'OwnedBy'),
    ).toBe(true);
    for (const kind of OVERLAY.adminOnlyKinds) expect(registry.findEntity(kind)?.adminOnly).toBe(true);
    expect(registry.findEntity('dataset')?.adminOnly).toBeUndefined();
    for (const kind of OVERLAY.hiddenKinds) expect(registry.findEntity(kind)?.hidden).toBe(true);
    for (const kind of ['structuredProperty', 'test', 'dataHubRole', 'dataset'])
      expect(registry.findEntity(kind)?.hidden).toBeUndefined();
    expect(registry.findEntity('dataHubIngestionSource')?.adminOnly).toBe(true);
    expect(registry.findAspect('dataHubIngestionSourceInfo')?.secretPaths).toContain('config/recipe');

    const refused = (overlay: Partial<typeof OVERLAY>) => () =>
      declarations(committed, { ...OVERLAY, ...overlay });
    expect(refused({ labels: { nope: 'Nope' } })).toThrow(/unknown kind nope/);
    expect(refused({ labels: { dataset: 'Dataset' } })).toThrow(/is the default/);
    expect(refused({ adminOnlyKinds: ['nope'] })).toThrow(/unknown admin-only kind/);
    expect(refused({ hiddenKinds: ['dataset'] })).toThrow(/hidden kind dataset is not admin-only/);
    expect(
      refused({
        relationships: { globalTags: [{ path: 'tags/*/tag', name: 'TaggedWith', entityTypes: ['tag'] }] },
      }),
    ).toThrow(/is in the model now/);
    expect(refused({ secretFields: { nope: ['x'] } })).toThrow(/unknown aspect nope/);
    expect(refused({ secretFields: { dataHubSecretValue: ['nope'] } })).toThrow(/has no field nope/);
    // Secrets are never indexed, and their aspects say where they are.
    const secret = registry.findAspect('dataHubSecretValue');
    expect(secret?.secretPaths).toEqual(['value']);
    expect(secret?.searchable?.map((x) => x.path)).not.toContain('value');
  });
});
