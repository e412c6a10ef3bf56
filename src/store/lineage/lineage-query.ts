import type { LineageTree } from './lineage-tree.js';

export interface LineageQuery {
  readonly urn: string;
  /**
   * APOC relationship filter of the walk, built from the registry's lineage edges only, e.g.
   * `DownstreamOf>|<MemberOf` (`T>`: follow T outgoing; `<T`: incoming).
   */
  readonly relationshipFilter: string;
  /**
   * APOC label filter keeping the walk on entity kinds that take part in lineage (`+Dataset|+Chart|...`):
   * a relationship name can be lineage on one kind and not on another (`Contains` on dashboards, not on
   * feature tables), and edges to entities outside the registry (schema fields) are not walked.
   */
  readonly labelFilter?: string;
  readonly maxHops: number;
  /** Most entities visited; one more is asked for to tell a partial result. */
  readonly maxVisited: number;
  /** Keep only entities of these kinds (registry names); empty or absent = all. */
  readonly types?: readonly string[];
  /** Keep only these degrees (3 stands for 3 and more); empty or absent = all. */
  readonly degrees?: readonly number[];
  /** Keep referenced entities that hold no aspects. */
  readonly includeGhosts?: boolean;
  /** The page of the kept entities to return (default: all of them). */
  readonly start?: number;
  readonly count?: number;
  /**
   * The tree to fill as the walk streams, for a caller that reads its nearest levels before the walk
   * ends (the walk's hits are then read from it: ask for `count` 0, and the rows leave out the last
   * hop's type, time and actor).
   */
  readonly tree?: LineageTree;
}

export interface LineageHit {
  readonly urn: string;
  readonly entityType: string;
  /** Hops from the start (the shortest path: the walk is breadth-first and visits each entity once). */
  readonly degree: number;
  /** URNs from the start to this entity, both included. */
  readonly path: readonly string[];
  /** The relationship type of the last hop, its creation time and actor. */
  readonly type: string;
  readonly createdOn: number | null;
  readonly createdActor: string | null;
  /** A referenced entity that holds no aspects (a ghost, in DataHub's words). */
  readonly ghost: boolean;
}

/** What a lineage read returns: one page of the hits that pass the filters, and the counts. */
export interface LineagePage {
  readonly hits: LineageHit[];
  /** The walk stopped at the visit cap. */
  readonly partial: boolean;
  /** Entities the walk reached (at most the cap). */
  readonly reached: number;
  /** Reached entities that pass the filters (the page is a slice of them). */
  readonly total: number;
}
