import type { ChangeEvent } from './change-event.js';
import { byKey, keyedDiff, list, readablePath, schemaFieldUrn, str, type Value } from './diff.js';
import { labelChanges, TAGS, TERMS } from './label-changes.js';

type Field = Record<string, unknown>;

const parentOf = (path: string): string => (path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '');

/**
 * `schemaMetadata`: fields added (MINOR), removed (MAJOR), their native type changed (MAJOR) or renamed
 * (a removed and an added field of one type, parent and description: MINOR), by field path, as DataHub
 * rates them; field descriptions (DOCUMENTATION) and field tags (TAG).
 */
export function schemaChanges(prev: Value, cur: Value, entityUrn: string): ChangeEvent[] {
  const fields = (v: Value) => byKey(list(v?.fields), (f) => str(f.fieldPath));
  const { added, removed, kept } = keyedDiff(fields(prev), fields(cur));
  const events: ChangeEvent[] = [];
  const fieldEvent = (
    f: Field,
    operation: ChangeEvent['operation'],
    semVerChange: ChangeEvent['semVerChange'],
    modificationCategory: string,
    description: string,
  ): ChangeEvent => {
    const path = String(f.fieldPath);
    const fieldUrn = schemaFieldUrn(entityUrn, path);
    return {
      entityUrn,
      category: 'TECHNICAL_SCHEMA',
      operation,
      modifier: fieldUrn,
      parameters: { fieldPath: path, fieldUrn, nullable: f.nullable === true, modificationCategory },
      semVerChange,
      description,
    };
  };
  const renamed = new Set<string>();
  for (const [path, old] of removed) {
    const twin = added.find(
      ([p, f]) =>
        !renamed.has(p) &&
        f.nativeDataType === old.nativeDataType &&
        parentOf(p) === parentOf(path) &&
        (str(f.description) ?? null) === (str(old.description) ?? null),
    );
    if (twin) {
      renamed.add(twin[0]);
      events.push(
        fieldEvent(
          old,
          'MODIFY',
          'MINOR',
          'RENAME',
          `A forwards & backwards compatible change due to renaming of the field '${readablePath(path)} to ${readablePath(twin[0])}'.`,
        ),
      );
    } else
      events.push(
        fieldEvent(
          old,
          'REMOVE',
          'MAJOR',
          'OTHER',
          `A backwards incompatible change due to removal of field: '${readablePath(path)}'.`,
        ),
      );
  }
  for (const [path, f] of added)
    if (!renamed.has(path))
      events.push(
        fieldEvent(
          f,
          'ADD',
          'MINOR',
          'OTHER',
          `A forwards & backwards compatible change due to the newly added field '${readablePath(path)}'.`,
        ),
      );
  for (const [path, old, f] of kept)
    if (old.nativeDataType !== f.nativeDataType)
      events.push(
        fieldEvent(
          old,
          'MODIFY',
          'MAJOR',
          'TYPE_CHANGE',
          `A backwards incompatible change due to native datatype of the field '${readablePath(path)}' changed from '${String(old.nativeDataType)}' to '${String(f.nativeDataType)}'.`,
        ),
      );
  for (const [path, before, after] of pairs(fields(prev), fields(cur)))
    events.push(...fieldDocsAndLabels(before, after, entityUrn, path, false));
  // Field by field in path order, as DataHub gives them (a stable sort keeps each field's own order).
  const pathOf = (e: ChangeEvent): string => String(e.parameters?.fieldPath ?? '');
  return events.sort((a, b) => (pathOf(a) < pathOf(b) ? -1 : pathOf(a) > pathOf(b) ? 1 : 0));
}

/** `editableSchemaMetadata`: field documentation, tags and terms edited in the catalog. */
export function editableSchemaChanges(prev: Value, cur: Value, entityUrn: string): ChangeEvent[] {
  const infos = (v: Value) => byKey(list(v?.editableSchemaFieldInfo), (f) => str(f.fieldPath));
  return pairs(infos(prev), infos(cur)).flatMap(([path, before, after]) =>
    fieldDocsAndLabels(before, after, entityUrn, path, true),
  );
}

/** A field's description and tags (and terms) before and after, as events on the field. */
function fieldDocsAndLabels(
  before: Field | undefined,
  after: Field | undefined,
  entityUrn: string,
  path: string,
  terms: boolean,
): ChangeEvent[] {
  const fieldUrn = schemaFieldUrn(entityUrn, path);
  const extra = { fieldPath: path, parentUrn: entityUrn };
  const what = `the field '${path}'`;
  return [
    ...descriptionChanges(str(before?.description), str(after?.description), fieldUrn, what, extra),
    ...labelChanges(TAGS, before?.globalTags as Value, after?.globalTags as Value, fieldUrn, extra),
    ...(terms
      ? labelChanges(TERMS, before?.glossaryTerms as Value, after?.glossaryTerms as Value, fieldUrn, extra)
      : []),
  ];
}

/** Every key of either map with its value in each (undefined where absent). */
function pairs<T>(
  a: ReadonlyMap<string, T>,
  b: ReadonlyMap<string, T>,
): [string, T | undefined, T | undefined][] {
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  return keys.map((k) => [k, a.get(k), b.get(k)]);
}

/** A description added, removed (MINOR) or changed (PATCH for fields, MINOR for an entity's own). */
export function descriptionChanges(
  before: string | undefined,
  after: string | undefined,
  entityUrn: string,
  what: string,
  extra: Record<string, unknown> = {},
): ChangeEvent[] {
  if (before === after) return [];
  const base = { entityUrn, category: 'DOCUMENTATION' as const };
  const field = 'fieldPath' in extra;
  if (before === undefined || after === undefined) {
    const [operation, text, verb] =
      before === undefined ? (['ADD', after, 'added'] as const) : (['REMOVE', before, 'removed'] as const);
    const event: ChangeEvent = {
      ...base,
      operation,
      semVerChange: 'MINOR',
      parameters: { description: text, ...extra },
      description: `The description '${text}' for ${what} has been ${verb}.`,
    };
    return [event];
  }
  return [
    {
      ...base,
      operation: 'MODIFY',
      semVerChange: field ? 'PATCH' : 'MINOR',
      parameters: { description: after, previousDescription: before, ...extra },
      description: `The description for ${what} has been changed from '${before}' to '${after}'.`,
    },
  ];
}
