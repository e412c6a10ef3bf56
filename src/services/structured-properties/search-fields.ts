import { BadRequestError } from '../../errors/index.js';
import {
  isStructuredField,
  SP_FIELD,
  underscored,
  VERSIONED,
  type FieldResolver,
  type FieldValue,
  type ResolvedField,
} from '../../../search-sync/model/index.js';
import type { EntityStore } from '../../store/index.js';
import { PROPERTY_PREFIX, valueTypeOf, type PropertyDefinition } from './definition-rules.js';
import { loadStates } from './states.js';
import { isVisible, type PropertyState } from './value-rules.js';
import { assignments } from './visibility.js';

/**
 * The index field of a property's values, as DataHub names it: `structuredProperties.<name with _ for .>`,
 * or `structuredProperties._versioned.<name>.<version>.<type>` once the definition has a version.
 */
export function indexFieldOf(def: PropertyDefinition): string {
  const name = underscored(def.qualifiedName);
  const type = valueTypeOf(def.valueType) ?? 'string';
  return def.version ? `${VERSIONED}${name}.${def.version}.${type}` : `${SP_FIELD}${name}`;
}

/**
 * The index fields of an entity's structured-property values. Values of soft-deleted properties stay
 * indexed (a restore is instant, and filters on them are refused anyway); values of deleted properties
 * and of retired versions do not.
 */
export function structuredFields(
  aspects: readonly { readonly name: string; readonly value: Record<string, unknown> }[],
  states: ReadonlyMap<string, PropertyState>,
): Record<string, FieldValue[]> {
  const out: Record<string, FieldValue[]> = {};
  for (const a of aspects) {
    if (a.name !== 'structuredProperties') continue;
    for (const x of assignments(a.value)) {
      const state = states.get(x.propertyUrn);
      if (!state?.definition || !isVisible(x, state && { ...state, removed: false })) continue;
      const values = x.values.map((v) => ('double' in v ? v.double : v.string));
      if (values.length) (out[indexFieldOf(state.definition)] ??= []).push(...values);
    }
  }
  return out;
}

/**
 * Resolves structured-property field names of a search (`structuredProperties.<qualified name>` as
 * GraphQL writes them, the underscore form and the versioned form of the query string) to index fields.
 * A filter on a soft-deleted property is refused. A name no property answers to keeps its own field,
 * which holds no values (or, after a hard delete, those the cleanup has not removed yet).
 */
export class StructuredFieldResolver implements FieldResolver {
  constructor(private readonly store: EntityStore) {}

  async resolve(names: readonly string[]): Promise<Map<string, ResolvedField>> {
    const wanted = [...new Set(names.filter(isStructuredField))];
    const out = new Map<string, ResolvedField>();
    if (!wanted.length) return out;
    const direct = wanted
      .filter((n) => !n.startsWith(VERSIONED))
      .map((n) => `${PROPERTY_PREFIX}${n.slice(SP_FIELD.length)}`);
    let states = await loadStates(this.store, direct);
    const found = (urn: string): boolean => !!states.get(urn)?.definition && !!states.get(urn)?.exists;
    if (
      wanted.some((n) => n.startsWith(VERSIONED) || !found(`${PROPERTY_PREFIX}${n.slice(SP_FIELD.length)}`))
    ) {
      // Underscore and versioned names: compare with every property's name (there are few of them).
      const all = await this.store.urns('structuredProperty', 0, 10_000);
      states = await loadStates(this.store, all.urns);
    }
    for (const name of wanted) {
      const hit = this.find(name, states);
      if (hit && hit[1].removed)
        throw new BadRequestError(
          `Structured property ${hit[0]} is soft-deleted: search filters on it are denied (filter field ${name})`,
        );
      if (name.startsWith(VERSIONED)) {
        out.set(name, { indexField: name, numeric: name.endsWith('.number') });
        continue;
      }
      const def = hit?.[1].definition;
      out.set(
        name,
        def
          ? { indexField: indexFieldOf(def), numeric: valueTypeOf(def.valueType) === 'number' }
          : { indexField: `${SP_FIELD}${underscored(name.slice(SP_FIELD.length))}`, numeric: false },
      );
    }
    return out;
  }

  private find(
    name: string,
    states: ReadonlyMap<string, PropertyState>,
  ): [string, PropertyState] | undefined {
    const rest = name.slice(SP_FIELD.length);
    const live = [...states].filter(([, s]) => s.exists && s.definition);
    if (name.startsWith(VERSIONED)) {
      const parts = rest.split('.').slice(1);
      const base = parts.slice(0, -2).join('.');
      return live.find(([, s]) => underscored((s.definition as PropertyDefinition).qualifiedName) === base);
    }
    return (
      live.find(([urn]) => urn === `${PROPERTY_PREFIX}${rest}`) ??
      live.find(([, s]) => underscored((s.definition as PropertyDefinition).qualifiedName) === rest)
    );
  }
}
