import type { ChangeCategory, ChangeEvent } from './change-event.js';
import { byKey, idOf, keyedDiff, list, str, type Value } from './diff.js';

/** A label kind attached by URN: tags, glossary terms, domains. */
interface Labels {
  readonly category: ChangeCategory;
  readonly noun: string;
  readonly param: string;
  readonly urns: (v: Value) => string[];
}

export const TAGS: Labels = {
  category: 'TAG',
  noun: 'Tag',
  param: 'tagUrn',
  urns: (v) => list(v?.tags).flatMap((t) => str(t.tag) ?? []),
};
export const TERMS: Labels = {
  category: 'GLOSSARY_TERM',
  noun: 'Term',
  param: 'termUrn',
  urns: (v) => list(v?.terms).flatMap((t) => str(t.urn) ?? []),
};
export const DOMAINS: Labels = {
  category: 'DOMAIN',
  noun: 'Domain',
  param: 'domainUrn',
  urns: (v) => (Array.isArray(v?.domains) ? v.domains.filter((d): d is string => typeof d === 'string') : []),
};

export const APPLICATIONS: Labels = {
  category: 'APPLICATION',
  noun: 'Application',
  param: 'applicationUrn',
  urns: (v) =>
    Array.isArray(v?.applications) ? v.applications.filter((a): a is string => typeof a === 'string') : [],
};
/** The assets of a data product (its membership), as labels of the product. */
export const ASSETS: Labels = {
  category: 'ASSET_MEMBERSHIP',
  noun: 'Asset',
  param: 'assetUrn',
  urns: (v) => list(v?.assets).flatMap((a) => str(a.destinationUrn) ?? []),
};

/**
 * Labels added and removed (MINOR) on `entityUrn`; `extra` parameters go with each (a schema field's
 * path and its dataset).
 */
export function labelChanges(
  labels: Labels,
  prev: Value,
  cur: Value,
  entityUrn: string,
  extra: Record<string, unknown> = {},
): ChangeEvent[] {
  const { added, removed } = keyedDiff(
    byKey(labels.urns(prev), (u) => u),
    byKey(labels.urns(cur), (u) => u),
  );
  const event = (urn: string, op: 'ADD' | 'REMOVE'): ChangeEvent => ({
    entityUrn,
    category: labels.category,
    operation: op,
    modifier: urn,
    parameters: { [labels.param]: urn, ...extra },
    semVerChange: 'MINOR',
    description: `${labels.noun} '${idOf(urn)}' ${op === 'ADD' ? 'added to' : 'removed from'} entity '${entityUrn}'.`,
  });
  return [...added.map(([u]) => event(u, 'ADD')), ...removed.map(([u]) => event(u, 'REMOVE'))];
}

/** Owners added and removed, per ownership type (a change of type is a removal and an addition). */
export function ownerChanges(prev: Value, cur: Value, entityUrn: string): ChangeEvent[] {
  const owners = (v: Value) =>
    byKey(list(v?.owners), (o) => `${str(o.owner)}\u0000${str(o.type) ?? ''}\u0000${str(o.typeUrn) ?? ''}`);
  const { added, removed } = keyedDiff(owners(prev), owners(cur));
  const event = (o: Record<string, unknown>, op: 'ADD' | 'REMOVE'): ChangeEvent => {
    const owner = String(o.owner);
    const type = str(o.type) ?? 'NONE';
    return {
      entityUrn,
      category: 'OWNER',
      operation: op,
      modifier: owner,
      parameters: {
        ownerUrn: owner,
        ownerType: type,
        ...(str(o.typeUrn) ? { ownerTypeUrn: o.typeUrn } : {}),
      },
      semVerChange: 'MINOR',
      description: `'${idOf(owner)}' ${op === 'ADD' ? 'added as' : 'removed as'} a \`${type}\` of '${entityUrn}'.`,
    };
  };
  return [...added.map(([, o]) => event(o, 'ADD')), ...removed.map(([, o]) => event(o, 'REMOVE'))];
}

/** Structured property values assigned, removed or changed. */
export function propertyChanges(prev: Value, cur: Value, entityUrn: string): ChangeEvent[] {
  const props = (v: Value) => byKey(list(v?.properties), (p) => str(p.propertyUrn));
  const { added, removed, kept } = keyedDiff(props(prev), props(cur));
  const event = (urn: string, p: Record<string, unknown>, op: 'ADD' | 'REMOVE' | 'MODIFY'): ChangeEvent => ({
    entityUrn,
    category: 'STRUCTURED_PROPERTY',
    operation: op,
    modifier: urn,
    parameters: {
      propertyUrn: urn,
      propertyValues: JSON.stringify(list(p.values).map((x) => Object.values(x)[0])),
    },
    semVerChange: 'MINOR',
    description: `Structured property '${idOf(urn)}' ${op === 'REMOVE' ? 'removed from' : op === 'ADD' ? 'added to' : 'changed on'} entity '${entityUrn}'.`,
  });
  return [
    ...added.map(([u, p]) => event(u, p, 'ADD')),
    ...removed.map(([u, p]) => event(u, p, 'REMOVE')),
    ...kept
      .filter(([, a, b]) => JSON.stringify(a.values) !== JSON.stringify(b.values))
      .map(([u, , p]) => event(u, p, 'MODIFY')),
  ];
}
