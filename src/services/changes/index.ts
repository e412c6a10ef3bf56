import type { ChangeCategory, ChangeEvent } from './change-event.js';
import { list, str, type Value } from './diff.js';
import {
  APPLICATIONS,
  ASSETS,
  DOMAINS,
  labelChanges,
  ownerChanges,
  propertyChanges,
  TAGS,
  TERMS,
} from './label-changes.js';
import { descriptionChanges, editableSchemaChanges, schemaChanges } from './schema-changes.js';

export * from './change-event.js';

type Generator = (prev: Value, cur: Value, urn: string) => ChangeEvent[];

/** The generator of each aspect that has one, with the categories it speaks of. */
const GENERATORS: Readonly<Record<string, { categories: readonly ChangeCategory[]; run: Generator }>> = {
  schemaMetadata: { categories: ['TECHNICAL_SCHEMA', 'DOCUMENTATION', 'TAG'], run: schemaChanges },
  editableSchemaMetadata: {
    categories: ['DOCUMENTATION', 'TAG', 'GLOSSARY_TERM'],
    run: editableSchemaChanges,
  },
  globalTags: { categories: ['TAG'], run: (p, c, u) => labelChanges(TAGS, p, c, u) },
  glossaryTerms: { categories: ['GLOSSARY_TERM'], run: (p, c, u) => labelChanges(TERMS, p, c, u) },
  domains: { categories: ['DOMAIN'], run: (p, c, u) => labelChanges(DOMAINS, p, c, u) },
  ownership: { categories: ['OWNER'], run: ownerChanges },
  structuredProperties: { categories: ['STRUCTURED_PROPERTY'], run: propertyChanges },
  institutionalMemory: { categories: ['DOCUMENTATION'], run: linkChanges },
  deprecation: { categories: ['DEPRECATION'], run: deprecationChanges },
  status: { categories: ['LIFECYCLE'], run: statusChanges },
  applications: { categories: ['APPLICATION'], run: (p, c, u) => labelChanges(APPLICATIONS, p, c, u) },
  dataProductProperties: {
    categories: ['ASSET_MEMBERSHIP', 'DOCUMENTATION'],
    run: (p, c, u) => [...labelChanges(ASSETS, p, c, u), ...describedRun(p, c, u)],
  },
  versionProperties: { categories: ['VERSIONING'], run: versionChanges },
};

/** An entity's own description, in its properties aspects (`datasetProperties`, `editable...`, `...Info`). */
const DESCRIBED = /(Properties|Info)$/;
const describedRun: Generator = (p, c, u) =>
  descriptionChanges(str(p?.description), str(c?.description), u, `'${u}'`);

/** The categories an aspect's changes fall in (none: its versions make no change events). */
export function categoriesOf(aspect: string, keyAspect: string): readonly ChangeCategory[] {
  if (aspect === keyAspect) return ['LIFECYCLE'];
  return GENERATORS[aspect]?.categories ?? (DESCRIBED.test(aspect) ? ['DOCUMENTATION'] : []);
}

/**
 * The change events of one version of an aspect against the one before (`prev` undefined: the aspect
 * is new; `cur` undefined: it went), as DataHub's change event generators make them.
 */
export function changeEvents(
  aspect: string,
  keyAspect: string,
  prev: Value,
  cur: Value,
  urn: string,
): ChangeEvent[] {
  if (aspect === keyAspect) {
    if (prev === undefined && cur !== undefined) return [lifecycle(urn, 'CREATE', 'created')];
    if (prev !== undefined && cur === undefined) return [lifecycle(urn, 'HARD_DELETE', 'hard deleted')];
    return [];
  }
  const run = GENERATORS[aspect]?.run ?? (DESCRIBED.test(aspect) ? describedRun : undefined);
  return run ? run(prev, cur, urn) : [];
}

const lifecycle = (urn: string, operation: ChangeEvent['operation'], what: string): ChangeEvent => ({
  entityUrn: urn,
  category: 'LIFECYCLE',
  operation,
  semVerChange: 'NONE',
  description: `'${urn}' was ${what}.`,
});

function versionChanges(prev: Value, cur: Value, urn: string): ChangeEvent[] {
  const tag = (v: Value) => str((v?.version as Value)?.versionTag);
  const [before, after] = [tag(prev), tag(cur)];
  if (after === undefined || before === after) return [];
  return [
    {
      entityUrn: urn,
      category: 'VERSIONING',
      operation: before === undefined ? 'ADD' : 'MODIFY',
      parameters: { versionTag: after, ...(str(cur?.versionSet) ? { versionSet: cur?.versionSet } : {}) },
      semVerChange: 'MINOR',
      description: `Version '${after}' of '${urn}' ${before === undefined ? 'created' : `replaces '${before}'`}.`,
    },
  ];
}

function statusChanges(prev: Value, cur: Value, urn: string): ChangeEvent[] {
  const was = prev?.removed === true;
  const is = cur?.removed === true;
  if (was === is) return [];
  return [is ? lifecycle(urn, 'SOFT_DELETE', 'soft deleted') : lifecycle(urn, 'REINSTATE', 'reinstated')];
}

function deprecationChanges(prev: Value, cur: Value, urn: string): ChangeEvent[] {
  const was = prev?.deprecated === true;
  const is = cur?.deprecated === true;
  if (was === is) return [];
  const status = is ? 'DEPRECATED' : 'ACTIVE';
  return [
    {
      entityUrn: urn,
      category: 'DEPRECATION',
      operation: 'MODIFY',
      parameters: { status, ...(is && str(cur?.note) ? { note: cur?.note } : {}) },
      semVerChange: 'MINOR',
      description: `Deprecation status of '${urn}' is now ${status}.`,
    },
  ];
}

/**
 * Links added, removed and re-described, as DataHub's generator walks them: both lists sorted by URL,
 * then merged pairwise, so each element counts (a link given twice is added twice).
 */
function linkChanges(prev: Value, cur: Value, urn: string): ChangeEvent[] {
  const byUrl = (v: Value) =>
    list(v?.elements)
      .filter((e) => str(e.url) !== undefined)
      .sort((a, b) => compare(String(a.url), String(b.url)));
  const [base, target] = [byUrl(prev), byUrl(cur)];
  const event = (e: Record<string, unknown>, op: 'ADD' | 'REMOVE'): ChangeEvent => ({
    entityUrn: urn,
    category: 'DOCUMENTATION',
    operation: op,
    modifier: String(e.url),
    semVerChange: 'MINOR',
    description: `Institutional Memory '${String(e.url)}' with documentation of '${urn}' has been ${op === 'ADD' ? 'added' : 'removed'}: '${String(e.description ?? '')}'`,
  });
  const out: ChangeEvent[] = [];
  let [i, j] = [0, 0];
  while (i < base.length || j < target.length) {
    const [a, b] = [base[i], target[j]];
    const order = a && b ? compare(String(a.url), String(b.url)) : a ? -1 : 1;
    if (a && b && order === 0) {
      if (a.description !== b.description)
        out.push({
          entityUrn: urn,
          category: 'DOCUMENTATION',
          operation: 'MODIFY',
          modifier: String(a.url),
          semVerChange: 'PATCH',
          // DataHub's text, two spaces after "of" included.
          description: `Documentation of Institutional Memory '${String(a.url)}' of  '${urn}' has been changed from '${String(a.description ?? '')}' to '${String(b.description ?? '')}'.`,
        });
      i++;
      j++;
    } else if (order < 0 && a) {
      out.push(event(a, 'REMOVE'));
      i++;
    } else if (b) {
      out.push(event(b, 'ADD'));
      j++;
    }
  }
  return out;
}

/** Java's String.compareTo order (UTF-16 code units), as DataHub sorts. */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
