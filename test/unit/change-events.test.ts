/**
 * Change events as DataHub's generators make them (docs/decisions/0057): a link given twice is added
 * twice, and schema descriptions name a v2 field path as DataHub downgrades it.
 */
import { describe, expect, it } from 'vitest';
import { changeEvents } from '../../src/services/changes/index.js';
import { readablePath } from '../../src/services/changes/diff.js';

const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';
const link = (url: string, description = 'd') => ({ url, description, createStamp: { time: 0, actor: 'a' } });

describe('change events', () => {
  it('walks links as DataHub does: sorted by URL, each element counted', () => {
    const events = changeEvents(
      'institutionalMemory',
      'datasetKey',
      undefined,
      {
        elements: [link('https://b'), link('https://a'), link('https://b')],
      },
      urn,
    );
    expect(events.map((e) => [e.operation, e.modifier])).toEqual([
      ['ADD', 'https://a'],
      ['ADD', 'https://b'],
      ['ADD', 'https://b'],
    ]);
    const next = changeEvents(
      'institutionalMemory',
      'datasetKey',
      { elements: [link('https://a'), link('https://b'), link('https://b')] },
      { elements: [link('https://a', 'new'), link('https://c')] },
      urn,
    );
    expect(next.map((e) => [e.operation, e.modifier, e.semVerChange])).toEqual([
      ['MODIFY', 'https://a', 'PATCH'],
      ['REMOVE', 'https://b', 'MINOR'],
      ['REMOVE', 'https://b', 'MINOR'],
      ['ADD', 'https://c', 'MINOR'],
    ]);
  });

  it('names a v2 field path by its simple path, and a v1 path as it is', () => {
    expect(readablePath('[version=2.0].service.provider.id3')).toBe('service.provider.id3');
    expect(readablePath('[version=2.0].[type=struct].[type=struct].service.[type=int].id')).toBe(
      'service.id',
    );
    expect(readablePath('a.b')).toBe('a.b');
    const [added] = changeEvents(
      'schemaMetadata',
      'datasetKey',
      { fields: [] },
      {
        fields: [{ fieldPath: '[version=2.0].[type=struct].s.[type=int].id3', nativeDataType: 'int' }],
      },
      urn,
    );
    expect(added?.description).toBe(
      "A forwards & backwards compatible change due to the newly added field 's.id3'.",
    );
  });
});
