import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { displayName, kindName, platformName } from '../entity-names';
import type { LineageEntity } from '../lineage-graph';
import { entityPath, navigate } from '../router';
import type { Direction, Group } from './model';

/** A column row on a node: its key (dataset and path), and whether it is the chosen one or on its lineage. */
export interface ColumnRow {
  key: string;
  path: string;
  state: 'chosen' | 'traced' | 'plain';
}

export interface Card extends Record<string, unknown> {
  group: Group<LineageEntity>;
  center: boolean;
  canUp: boolean;
  canDown: boolean;
  /** Datasets can open their columns. */
  hasColumns: boolean;
  columnsOpen: boolean;
  rows: ColumnRow[];
  onExpand: (id: string, d: Direction) => void;
  onColumns: (id: string) => void;
  onChoose: (key: string) => void;
}

export interface More extends Record<string, unknown> {
  of: string;
  name: string;
  direction: Direction;
  count: number;
  onMore: (id: string, d: Direction) => void;
}

/** The platforms of a node: the primary's first, then its siblings' (a dbt model and its table). */
export const platformsOf = (g: Group<LineageEntity>): string[] => [
  ...new Set([g.primary, ...g.others].map((e) => platformName(e)).filter((p): p is string => !!p)),
];

/**
 * A node: the entity's name (the primary one of a sibling group), kind and platforms; buttons to open
 * its neighbours each way and, for a dataset, its columns, each a button that traces that column.
 */
export function EntityCard({ data }: NodeProps<Node<Card>>) {
  const e = data.group.primary;
  const name = displayName(e);
  const platforms = platformsOf(data.group);
  return (
    <div
      className={`lineage-node${data.center ? ' center' : ''}${data.group.others.length ? ' siblings' : ''}`}
    >
      <Handle type="target" position={Position.Left} />
      {data.canUp && (
        <button
          type="button"
          className="expand up"
          aria-label={`Open what feeds ${name}`}
          onClick={() => data.onExpand(data.group.id, 'UPSTREAM')}
        >
          +
        </button>
      )}
      <a
        href={entityPath(e.urn)}
        onClick={(ev) => (ev.preventDefault(), navigate(entityPath(e.urn)))}
        className="name"
      >
        {name}
      </a>
      <span className="meta">
        {kindName(e.type)}
        {platforms.length ? ` · ${platforms.join(' + ')}` : ''}
      </span>
      {data.hasColumns && (
        <button
          type="button"
          className="quiet columns-toggle nodrag"
          aria-expanded={data.columnsOpen}
          aria-label={`${data.columnsOpen ? 'Hide columns' : 'Columns'} of ${name}`}
          onClick={() => data.onColumns(data.group.id)}
        >
          {data.columnsOpen ? 'Hide columns' : 'Columns'}
        </button>
      )}
      {data.rows.length > 0 && (
        <ul className="columns" aria-label={`The columns of ${name}`}>
          {data.rows.map((r, i) => (
            <li key={r.key} className={r.state}>
              <Handle type="target" position={Position.Left} id={`in-${i}`} className="column-handle" />
              <button
                type="button"
                className="column nodrag"
                aria-pressed={r.state === 'chosen'}
                onClick={() => data.onChoose(r.key)}
              >
                {r.path}
              </button>
              <Handle type="source" position={Position.Right} id={`out-${i}`} className="column-handle" />
            </li>
          ))}
        </ul>
      )}
      {data.canDown && (
        <button
          type="button"
          className="expand down"
          aria-label={`Open what ${name} feeds`}
          onClick={() => data.onExpand(data.group.id, 'DOWNSTREAM')}
        >
          +
        </button>
      )}
      <Handle type="source" position={Position.Right} />
    </div>
  );
}

/** The rest of a wide fan, as one node: opens it. */
export function MoreCard({ data }: NodeProps<Node<More>>) {
  const where = data.direction === 'DOWNSTREAM' ? 'fed by' : 'feeding';
  return (
    <div className="lineage-more">
      <Handle type="target" position={Position.Left} />
      <button
        type="button"
        className="quiet nodrag"
        aria-label={`+${data.count} more ${where} ${data.name}`}
        onClick={() => data.onMore(data.of, data.direction)}
      >
        +{data.count} more
      </button>
      <Handle type="source" position={Position.Right} />
    </div>
  );
}

export const NODE_TYPES = { entity: EntityCard, more: MoreCard };
