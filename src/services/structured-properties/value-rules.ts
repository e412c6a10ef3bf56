import { ValidationError, type Violation } from '../../errors/index.js';
import { parseUrn } from '../../urn/index.js';
import {
  entityTypeName,
  valueKey,
  valueTypeOf,
  type PrimitiveValue,
  type PropertyDefinition,
} from './definition-rules.js';

/** What the write path knows of a structured property when a value of it is written. */
export interface PropertyState {
  /** The property entity has its key aspect (not absent, not hard deleted). */
  readonly exists: boolean;
  readonly removed: boolean;
  readonly definition: PropertyDefinition | undefined;
  /** When the current version of the definition was set: values assigned before it are retired. */
  readonly versionSince: number | undefined;
}

export interface Assignment {
  readonly propertyUrn: string;
  readonly values: readonly PrimitiveValue[];
  readonly created?: { time: number; actor: string };
  readonly lastModified?: { time: number; actor: string };
  readonly [k: string]: unknown;
}

const DATE_FORM = /^\d{4}-\d{2}-\d{2}$/;

/** Why one value does not fit a definition, or undefined when it does. */
function valueProblem(def: PropertyDefinition, v: PrimitiveValue): string | undefined {
  const type = valueTypeOf(def.valueType);
  // A data type of the catalog's own (a `dataType` entity): DataHub checks values of its built-in types only.
  if (!type) return `values of the data type ${def.valueType} cannot be validated (not supported)`;
  const isNumber = 'double' in v;
  if (type === 'number') {
    if (!isNumber) return `${valueKey(v)} is not a number`;
  } else if (isNumber) return `${valueKey(v)} is a number; the property takes ${type} values`;
  else {
    const s = v.string;
    if (type === 'date' && (!DATE_FORM.test(s) || Number.isNaN(Date.parse(s))))
      return `"${s}" is not a date (yyyy-MM-dd)`;
    if (type === 'urn') {
      const parsed = parseUrn(s);
      if (typeof parsed === 'string') return `"${s}" is not a URN`;
      const allowed = def.typeQualifier?.allowedTypes?.map(entityTypeName);
      if (allowed?.length && !allowed.includes(parsed.entityType))
        return `"${s}" is a ${parsed.entityType}; the property takes ${allowed.join(', ')} URNs`;
    }
  }
  if (def.allowedValues && !def.allowedValues.some((a) => valueKey(a.value) === valueKey(v)))
    return `${valueKey(v)} is not one of the allowed values ${def.allowedValues.map((a) => valueKey(a.value)).join(', ')}`;
  return undefined;
}

/**
 * Checks the assignments a write adds or changes on `entityType` `targetUrn` against their definitions
 * and states; unchanged assignments are not rechecked. Throws a ValidationError naming every problem.
 */
export function checkAssignments(
  targetUrn: string,
  entityType: string,
  changed: readonly { index: number; assignment: Assignment; previous: Assignment | undefined }[],
  states: ReadonlyMap<string, PropertyState>,
): void {
  const problems: Violation[] = [];
  for (const { index, assignment: a, previous } of changed) {
    const path = `/properties/${index}`;
    const state = states.get(a.propertyUrn);
    const def = state?.definition;
    if (!state?.exists || !def) {
      problems.push({ path, message: `structured property ${a.propertyUrn} does not exist` });
      continue;
    }
    if (state.removed) {
      problems.push({
        path,
        message: `structured property ${a.propertyUrn} is soft-deleted: its values cannot be added`,
      });
      continue;
    }
    const types = def.entityTypes.map(entityTypeName).map((t) => t?.toLowerCase());
    if (!types.includes(entityType.toLowerCase()))
      problems.push({
        path,
        message: `structured property ${a.propertyUrn} does not apply to ${entityType} entities (it applies to ${def.entityTypes.join(', ')})`,
      });
    if (!a.values.length)
      problems.push({ path: `${path}/values`, message: 'at least one value is required' });
    if (def.cardinality === 'SINGLE' && a.values.length > 1)
      problems.push({
        path: `${path}/values`,
        message: `structured property ${a.propertyUrn} has cardinality SINGLE but ${a.values.length} values were given`,
      });
    a.values.forEach((v, j) => {
      const why = valueProblem(def, v);
      if (why) problems.push({ path: `${path}/values/${j}`, message: `value for ${a.propertyUrn}: ${why}` });
    });
    if (def.immutable && previous && valueKey(previous.values) !== valueKey(a.values))
      problems.push({
        path,
        message: `structured property ${a.propertyUrn} is immutable: its value on ${targetUrn} cannot be changed`,
      });
  }
  if (problems.length)
    throw new ValidationError(
      `Invalid structured property values for ${targetUrn}: ${problems.map((p) => p.message).join('; ')}`,
      problems,
    );
}

/** Whether an assignment is retired: written before the property's current version was set. */
export function isRetired(a: Assignment, state: PropertyState | undefined): boolean {
  if (!state?.versionSince) return false;
  const t = a.lastModified?.time ?? a.created?.time;
  return t === undefined || t < state.versionSince;
}

/** Whether an assignment is shown on reads: its property exists, is not soft-deleted and it is current. */
export function isVisible(a: Assignment, state: PropertyState | undefined): boolean {
  return !!state?.exists && !state.removed && !isRetired(a, state);
}
