import { describe, expect, it } from 'vitest';
import { columnEdges, columnKey, trace } from '../../web/src/lineage/columns.js';
import { csvCell, toCsv } from '../../web/src/lineage/csv.js';
import {
  addNeighbours,
  edgeKey,
  FAN,
  frontier,
  hidden,
  hopsOf,
  side,
  start,
  visible,
  type Member,
} from '../../web/src/lineage/model.js';

// The web app's lineage page as plain data: sibling groups, fans and their rest, hops and the frontier,
// filters, the address's hops, column lineage traced each way, and the impact list's CSV.

const e = (urn: string, type = 'DATASET', siblings?: Member['siblings']): Member => ({ urn, type, siblings });
const answer = (total: number, ...entities: Member[]) => ({
  total,
  entities: entities.map((entity) => ({ entity, siblings: [] as Member[] })),
});

describe('lineage model', () => {
  it('groups siblings under the primary one, and edges between groups', () => {
    const dbt = e('dbt', 'DATASET', { isPrimary: true, siblings: [{ urn: 'table' }] });
    const table = e('table', 'DATASET', { isPrimary: false, siblings: [{ urn: 'dbt' }] });
    let g = start(e('c'));
    g = addNeighbours(g, 'c', 'UPSTREAM', [{ total: 1, entities: [{ entity: table, siblings: [dbt] }] }]);
    expect([...g.nodes.keys()]).toEqual(['c', 'dbt']);
    expect(g.nodes.get('dbt')?.primary).toBe(dbt);
    expect(g.nodes.get('dbt')?.others.map((o) => o.urn)).toEqual(['table']);
    expect([...g.edges]).toEqual([edgeKey('dbt', 'c')]);
    // The center itself a secondary sibling: the page centres on its group.
    expect(start(table, [dbt]).center).toBe('dbt');
  });

  it('shows a fan of FAN and counts the rest, which a further page opens', () => {
    const many = Array.from({ length: FAN }, (_, i) => e(`d${i}`));
    let g = addNeighbours(start(e('c')), 'c', 'DOWNSTREAM', [answer(30, ...many)]);
    expect(hidden(g, 'c', 'DOWNSTREAM')).toBe(30 - FAN);
    const rest = Array.from({ length: 30 - FAN }, (_, i) => e(`r${i}`));
    g = addNeighbours(g, 'c', 'DOWNSTREAM', [answer(30, ...rest)], true);
    expect(hidden(g, 'c', 'DOWNSTREAM')).toBe(0);
    expect(g.nodes.size).toBe(31);
  });

  it('opens hop by hop from the frontier on each side of the center only', () => {
    let g = start(e('c'));
    expect(frontier(g, 'DOWNSTREAM')).toEqual(['c']);
    g = addNeighbours(g, 'c', 'DOWNSTREAM', [answer(1, e('d1'))]);
    g = addNeighbours(g, 'c', 'UPSTREAM', [answer(1, e('u1'))]);
    expect(frontier(g, 'DOWNSTREAM')).toEqual(['d1']);
    expect(frontier(g, 'UPSTREAM')).toEqual(['u1']);
    g = addNeighbours(g, 'd1', 'DOWNSTREAM', [answer(1, e('d2'))]);
    expect([...side(g, 'DOWNSTREAM')]).toEqual([
      ['c', 0],
      ['d1', 1],
      ['d2', 2],
    ]);
  });

  it('filters nodes (never the center) and the edges that lose an end', () => {
    let g = start(e('c'));
    g = addNeighbours(g, 'c', 'DOWNSTREAM', [answer(2, e('d1'), e('j1', 'DATA_JOB'))]);
    expect(visible(g, (n) => n.primary.type !== 'DATASET')).toEqual({
      ids: ['c', 'j1'],
      edges: [['c', 'j1']],
    });
  });

  it('reads the hops of the address: 1 each way unless given, 0 to 10', () => {
    expect(hopsOf('')).toEqual({ up: 1, down: 1 });
    expect(hopsOf('?up=0&down=3')).toEqual({ up: 0, down: 3 });
    expect(hopsOf('?up=99&down=x')).toEqual({ up: 10, down: 1 });
  });
});

describe('column lineage', () => {
  const col = (urn: string, path: string) => ({ urn, path });
  const lineages = [
    [{ upstreams: [col('raw', 'amount')], downstreams: [col('orders', 'amount')] }],
    [{ upstreams: [col('orders', 'amount')], downstreams: [col('revenue', 'revenue')] }],
    [{ upstreams: [col('orders', 'amount')], downstreams: [col('audit', 'amount')] }],
    [{ upstreams: [col('raw', 'id'), col('raw', 'tax')], downstreams: [col('orders', 'order_id')] }],
  ];
  it('traces a column downstream and upstream, not into its upstreams’ other consumers', () => {
    const edges = columnEdges(lineages);
    const down = trace(edges, columnKey(col('raw', 'amount')));
    expect([...down.columns].sort()).toEqual(
      ['audit\tamount', 'orders\tamount', 'raw\tamount', 'revenue\trevenue'].sort(),
    );
    const up = trace(edges, columnKey(col('revenue', 'revenue')));
    expect([...up.edges].sort()).toEqual(['orders\tamount\nrevenue\trevenue', 'raw\tamount\norders\tamount']);
  });
});

describe('impact CSV', () => {
  it('quotes what needs it and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(3)).toBe('3');
    expect(csvCell('a,b "c"')).toBe('"a,b ""c"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const s of ['+1', '-1', '@SUM(A1)']) expect(csvCell(s)).toBe(`'${s}`);
    expect(toCsv(['a', 'b'], [[1, 'x\ny']])).toBe('a,b\r\n1,"x\ny"\r\n');
  });
});
