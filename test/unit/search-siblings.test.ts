import { describe, expect, it } from 'vitest';
import { combineSiblings } from '../../web/src/search/siblings.js';

// The web app's search page shows a sibling group (a dbt model and its warehouse table) once, as
// DataHub's web client does: DataHub's search answers both entities, each naming the other.
const dbt = 'urn:li:dataset:(urn:li:dataPlatform:dbt,main.orders,PROD)';
const table = 'urn:li:dataset:(urn:li:dataPlatform:sqlite,main.orders,PROD)';
const lone = 'urn:li:dataset:(urn:li:dataPlatform:sqlite,main.customers,PROD)';
const entity = (urn: string, siblings: string[] = [], isPrimary = false) => ({
  urn,
  type: 'DATASET',
  siblings: siblings.length
    ? { isPrimary, siblings: siblings.map((s) => ({ urn: s, type: 'DATASET' })) }
    : null,
});

describe('search results combined by sibling group', () => {
  it('shows the first entity of a group found, with its group the primary first, and leaves out the rest', () => {
    const results = [
      { entity: entity(table, [dbt], false), matchedFields: [] },
      { entity: entity(lone), matchedFields: [] },
      { entity: entity(dbt, [table], true), matchedFields: [] },
    ];
    const shown = combineSiblings(results);
    expect(shown.map((c) => c.result.entity.urn)).toEqual([table, lone]);
    expect(shown[0]!.group.map((e) => e.urn)).toEqual([dbt, table]);
    expect(shown[1]!.group).toEqual([]);
  });

  it('puts the entity first in its group when it is the primary', () => {
    const [only] = combineSiblings([
      { entity: entity(dbt, [table], true) },
      { entity: entity(table, [dbt]) },
    ]);
    expect(only!.group.map((e) => e.urn)).toEqual([dbt, table]);
  });
});
