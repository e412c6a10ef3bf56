import { parseUrn } from '../urn/index.js';

/** The URNs the CLI builds from the short forms of its files, and the key aspects that go with them. */

export const PROPERTY_URN_PREFIX = 'urn:li:structuredProperty:';
export const ENTITY_TYPE_PREFIX = 'urn:li:entityType:';
export const PLATFORM_PREFIX = 'urn:li:dataPlatform:';

/** The property's URN for a short form (its id or qualified name); a URN stays as it is. */
export const propertyUrn = (name: string): string =>
  name.startsWith(PROPERTY_URN_PREFIX) ? name : `${PROPERTY_URN_PREFIX}${name}`;

/** An entity-type URN from a short name (`dataset`) or a URN as given; undefined for anything else. */
export function entityTypeUrn(name: string): string | undefined {
  if (name.startsWith(ENTITY_TYPE_PREFIX)) return name.length > ENTITY_TYPE_PREFIX.length ? name : undefined;
  return /^[A-Za-z][A-Za-z0-9_]*$/.test(name) ? `${ENTITY_TYPE_PREFIX}datahub.${name}` : undefined;
}

export const datasetUrn = (platform: string, id: string, env: string): string =>
  `urn:li:dataset:(${PLATFORM_PREFIX}${platform},${id},${env})`;

export const schemaFieldUrn = (dataset: string, fieldPath: string): string =>
  `urn:li:schemaField:(${dataset},${fieldPath})`;

/** The datasetKey aspect of a (well-formed) dataset URN. */
export function datasetKey(urn: string): { platform: string; name: string; origin: string } {
  const parsed = parseUrn(urn);
  if (typeof parsed === 'string') throw new Error(parsed);
  const [platform = '', name = '', origin = ''] = parsed.parts;
  return { platform, name, origin };
}

/** The schemaFieldKey aspect of a dataset's field. */
export const schemaFieldKey = (parent: string, fieldPath: string): { parent: string; fieldPath: string } => ({
  parent,
  fieldPath,
});
