import { ValidationError, type Violation } from '../../errors/index.js';

/** A structured property's definition as stored (the `propertyDefinition` aspect, normalized). */
export interface PropertyDefinition {
  readonly qualifiedName: string;
  readonly displayName?: string;
  readonly description?: string;
  readonly valueType: string;
  readonly cardinality: 'SINGLE' | 'MULTIPLE';
  readonly entityTypes: readonly string[];
  readonly allowedValues?: readonly { readonly value: PrimitiveValue; readonly description?: string }[];
  readonly typeQualifier?: Readonly<Record<string, readonly string[]>>;
  readonly immutable?: boolean;
  readonly version?: string;
}

/** DataHub's PrimitivePropertyValue union as it is on the wire. */
export type PrimitiveValue = { readonly string: string } | { readonly double: number };

export const PROPERTY_PREFIX = 'urn:li:structuredProperty:';
export const VALUE_TYPES = ['string', 'number', 'date', 'urn', 'rich_text'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];
const VERSION_FORM = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** `urn:li:dataType:datahub.number` and the GraphQL form `urn:li:dataType:number` name the same type. */
export function valueTypeOf(urn: string): ValueType | undefined {
  const m = /^urn:li:dataType:(?:datahub\.)?([A-Za-z_]+)$/.exec(urn);
  const t = m?.[1]?.toLowerCase();
  return (VALUE_TYPES as readonly string[]).includes(t ?? '') ? (t as ValueType) : undefined;
}

/** The entity name an entity-type URN names: `urn:li:entityType:datahub.dataset` or `urn:li:entityType:dataset`. */
export function entityTypeName(urn: string): string | undefined {
  const m = /^urn:li:entityType:(?:datahub\.)?([A-Za-z][A-Za-z0-9_]*)$/.exec(urn);
  return m?.[1];
}

export const canonicalValueType = (t: ValueType): string => `urn:li:dataType:datahub.${t}`;
export const canonicalEntityType = (name: string): string => `urn:li:entityType:datahub.${name}`;

/** `yyyyMMddhhmmss` with a real date and time. */
export function isVersion(v: string): boolean {
  const m = VERSION_FORM.exec(v);
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === (mo as number) - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

export const valueKey = (v: unknown): string => JSON.stringify(v);

const unknownKind = (path: string, urn: string, name: string): string =>
  `${path} "${urn}" names no entity type: there is no entity kind "${name}" (e.g. urn:li:entityType:datahub.dataset)`;

/**
 * Checks a definition on its own (no stored state needed); throws a ValidationError listing every problem.
 * `dataTypes`: the `dataType` entities beyond the built-in ones that its `valueType` may name (values of
 * such a type are refused, as DataHub validates only the built-in ones). With `isKind` (whether the model
 * has an entity kind of that name), the entity types it names, in `entityTypes` and
 * `typeQualifier.allowedTypes`, must be kinds that exist, as DataHub's service requires.
 */
export function checkDefinition(
  urn: string,
  def: PropertyDefinition,
  dataTypes: ReadonlySet<string> = new Set(),
  isKind?: (name: string) => boolean,
): void {
  const problems: Violation[] = [];
  const id = urn.startsWith(PROPERTY_PREFIX) ? urn.slice(PROPERTY_PREFIX.length) : urn;
  if (def.qualifiedName !== id)
    problems.push({
      path: '/qualifiedName',
      message: `qualifiedName "${def.qualifiedName}" must equal the id of the URN ${urn} ("${id}")`,
    });
  if (/\s/.test(def.qualifiedName))
    problems.push({ path: '/qualifiedName', message: 'qualifiedName must not contain whitespace' });
  const type = valueTypeOf(def.valueType);
  if (!type && !dataTypes.has(def.valueType))
    problems.push({
      path: '/valueType',
      message: `valueType "${def.valueType}" is not a data type: expected urn:li:dataType:datahub.<${VALUE_TYPES.join('|')}> or a dataType entity that exists`,
    });
  if (!def.entityTypes.length)
    problems.push({ path: '/entityTypes', message: 'at least one entity type is required' });
  def.entityTypes.forEach((t, i) => {
    const name = entityTypeName(t);
    if (!name)
      problems.push({
        path: `/entityTypes/${i}`,
        message: `"${t}" is not an entity type URN (urn:li:entityType:datahub.<entity>)`,
      });
    else if (isKind && !isKind(name))
      problems.push({ path: `/entityTypes/${i}`, message: unknownKind(`/entityTypes/${i}`, t, name) });
  });
  (def.typeQualifier?.allowedTypes ?? []).forEach((t, i) => {
    const name = entityTypeName(t);
    const path = `/typeQualifier/allowedTypes/${i}`;
    if (!name)
      problems.push({
        path,
        message: `"${t}" is not an entity type URN (urn:li:entityType:datahub.<entity>)`,
      });
    else if (isKind && !isKind(name)) problems.push({ path, message: unknownKind(path, t, name) });
  });
  if (def.version !== undefined && !isVersion(def.version))
    problems.push({
      path: '/version',
      message: `version "${def.version}" must have the form yyyyMMddhhmmss, e.g. 20240614080000`,
    });
  const seen = new Set<string>();
  (def.allowedValues ?? []).forEach((a, i) => {
    const isNumber = 'double' in a.value;
    if (type && (type === 'number') !== isNumber)
      problems.push({
        path: `/allowedValues/${i}/value`,
        message: `allowed value ${valueKey(a.value)} does not match the value type ${type}`,
      });
    if (seen.has(valueKey(a.value)))
      problems.push({
        path: `/allowedValues/${i}/value`,
        message: `duplicate allowed value ${valueKey(a.value)}`,
      });
    seen.add(valueKey(a.value));
  });
  if (problems.length)
    throw new ValidationError(
      `Invalid structured property definition for ${urn}: ${problems.map((p) => p.message).join('; ')}`,
      problems,
    );
}

/** The backwards-incompatible differences of `next` from `current`, in words (empty when compatible). */
export function breakingChanges(current: PropertyDefinition, next: PropertyDefinition): string[] {
  const out: string[] = [];
  if (valueTypeOf(current.valueType) !== valueTypeOf(next.valueType))
    out.push(`valueType changed from ${current.valueType} to ${next.valueType}`);
  if (current.cardinality === 'MULTIPLE' && next.cardinality === 'SINGLE')
    out.push('cardinality changed from MULTIPLE to SINGLE');
  const nextTypes = new Set(next.entityTypes.map(entityTypeName));
  const lostTypes = current.entityTypes.filter((t) => !nextTypes.has(entityTypeName(t)));
  if (lostTypes.length) out.push(`entity types removed: ${lostTypes.join(', ')}`);
  if (next.allowedValues) {
    const nextValues = new Set(next.allowedValues.map((a) => valueKey(a.value)));
    if (!current.allowedValues) out.push('allowed values added to a property that allowed any value');
    else {
      const lost = current.allowedValues.filter((a) => !nextValues.has(valueKey(a.value)));
      if (lost.length) out.push(`allowed values removed: ${lost.map((a) => valueKey(a.value)).join(', ')}`);
    }
  }
  const allowedTypes = (d: PropertyDefinition): readonly string[] | undefined =>
    d.typeQualifier?.allowedTypes;
  const curTypes = allowedTypes(current);
  const nxtTypes = allowedTypes(next);
  if (nxtTypes && (!curTypes || curTypes.some((t) => !nxtTypes.includes(t))))
    out.push('typeQualifier.allowedTypes narrowed');
  if (current.immutable !== true && next.immutable === true) out.push('property made immutable');
  return out;
}

/**
 * Whether `next` may replace `current`: a breaking change needs a new version string, later than the
 * current one. Returns whether this write starts a new version (old values are then retired).
 */
export function checkEvolution(urn: string, current: PropertyDefinition, next: PropertyDefinition): boolean {
  const newVersion = next.version !== undefined && next.version !== current.version;
  if (newVersion && current.version !== undefined && (next.version as string) < current.version)
    throw new ValidationError(
      `Invalid structured property definition for ${urn}: version ${next.version} is older than the current version ${current.version}`,
      [{ path: '/version', message: 'versions must increase' }],
    );
  if (current.version !== undefined && next.version === undefined)
    throw new ValidationError(
      `Invalid structured property definition for ${urn}: the version string ${current.version} cannot be removed`,
      [{ path: '/version', message: 'version removed' }],
    );
  const breaking = breakingChanges(current, next);
  if (breaking.length && !newVersion)
    throw new ValidationError(
      `Backwards-incompatible change to structured property ${urn} (${breaking.join('; ')}): set a new version (yyyyMMddhhmmss) in the definition to make it`,
      breaking.map((message) => ({ path: '/', message })),
    );
  return newVersion;
}
