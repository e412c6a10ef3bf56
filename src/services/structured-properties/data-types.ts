import type { WriteOp } from '../../store/index.js';
import { valueTypeOf, type PropertyDefinition } from './definition-rules.js';
import type { PropertyState } from './value-rules.js';

const DATA_TYPE = 'dataType';

/**
 * The data type URNs beyond DataHub's built-in ones (`urn:li:dataType:datahub.float`) that the definitions
 * a write upserts name as their `valueType`: each must be a `dataType` entity (see `knownDataTypes`).
 */
export function dataTypesNamed(defOps: readonly WriteOp[]): string[] {
  const out = new Set<string>();
  for (const op of defOps) {
    if (op.kind !== 'upsert') continue;
    const t = (JSON.parse(op.value) as Partial<PropertyDefinition>).valueType;
    if (typeof t === 'string' && t.startsWith('urn:li:dataType:') && !valueTypeOf(t)) out.add(t);
  }
  return [...out];
}

/**
 * Which of those data types a definition may name: a `dataType` entity that exists, or that this same
 * write creates (a file defines its data types before the properties that use them, and DataHub's
 * batch takes both at once); and the type a property's current definition already has.
 */
export function knownDataTypes(
  named: readonly string[],
  ops: readonly WriteOp[],
  states: ReadonlyMap<string, PropertyState>,
): Set<string> {
  const writtenHere = new Set(
    ops
      .filter((o) => o.entityType === DATA_TYPE && o.kind !== 'deleteEntity' && o.kind !== 'deleteAspect')
      .map((o) => o.urn),
  );
  const known = new Set(named.filter((u) => writtenHere.has(u) || states.get(u)?.exists));
  for (const s of states.values()) if (s.definition?.valueType) known.add(s.definition.valueType);
  return known;
}
