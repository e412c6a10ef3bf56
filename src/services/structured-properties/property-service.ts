import { BadRequestError, NotFoundError, ValidationError } from '../../errors/index.js';
import type { EntityStore } from '../../store/index.js';
import type { IngestService } from '../ingest-service.js';
import type { AspectJson, WriteContext } from '../proposal.js';
import {
  canonicalEntityType,
  canonicalValueType,
  entityTypeName,
  PROPERTY_PREFIX,
  valueKey,
  valueTypeOf,
  type PrimitiveValue,
  type PropertyDefinition,
} from './definition-rules.js';
import { loadStates } from './states.js';
import type { Assignment } from './value-rules.js';
import { assignments } from './visibility.js';

/** A value as GraphQL takes it (DataHub's PropertyValueInput / AllowedValueInput). */
export interface ValueInput {
  readonly stringValue?: string | null | undefined;
  readonly numberValue?: number | null | undefined;
}

export interface AllowedValueInput extends ValueInput {
  readonly description?: string | null | undefined;
}

type Opt<T> = T | null | undefined;

/** The display settings of a property (DataHub's StructuredPropertySettings, as GraphQL gives them). */
export const PROPERTY_SETTINGS = [
  'isHidden',
  'showInSearchFilters',
  'showInAssetSummary',
  'showAsAssetBadge',
  'showInColumnsTable',
] as const;

export type SettingsInput = { readonly [K in (typeof PROPERTY_SETTINGS)[number]]?: Opt<boolean> };

/** What a create and an update may both set. */
interface DefinitionInput {
  readonly displayName?: Opt<string>;
  readonly description?: Opt<string>;
  readonly immutable?: Opt<boolean>;
  readonly settings?: Opt<SettingsInput>;
}

export interface CreatePropertyInput extends DefinitionInput {
  readonly id?: Opt<string>;
  readonly qualifiedName?: Opt<string>;
  readonly valueType: string;
  readonly typeQualifier?: Opt<{ readonly allowedTypes?: Opt<readonly string[]> }>;
  readonly allowedValues?: Opt<readonly AllowedValueInput[]>;
  readonly cardinality?: Opt<'SINGLE' | 'MULTIPLE'>;
  readonly entityTypes: readonly string[];
}

export interface UpdatePropertyInput extends DefinitionInput {
  readonly urn: string;
  readonly typeQualifier?: Opt<{ readonly newAllowedTypes?: Opt<readonly string[]> }>;
  readonly newAllowedValues?: Opt<readonly AllowedValueInput[]>;
  readonly setCardinalityAsMultiple?: Opt<boolean>;
  readonly newEntityTypes?: Opt<readonly string[]>;
}

export interface ValuesInput {
  readonly structuredPropertyUrn: string;
  readonly values: readonly ValueInput[];
}

const DEFINITION = 'propertyDefinition';
const VALUES = 'structuredProperties';
const SETTINGS = 'structuredPropertySettings';

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;

function primitive(v: ValueInput, path: string): PrimitiveValue {
  const hasString = typeof v.stringValue === 'string';
  const hasNumber = typeof v.numberValue === 'number';
  if (hasString === hasNumber)
    throw new BadRequestError(`${path}: give exactly one of stringValue and numberValue`);
  return hasString ? { string: v.stringValue as string } : { double: v.numberValue as number };
}

function entityTypeUrn(t: string, path: string): string {
  const name = entityTypeName(t);
  if (!name)
    throw new BadRequestError(
      `${path}: "${t}" is not an entity type URN (urn:li:entityType:datahub.<entity>)`,
    );
  return canonicalEntityType(name);
}

/**
 * The reads this service makes, as `ReadService` answers them (named here, not imported: the read
 * service imports this folder for the visibility of values).
 */
export interface AssetReads {
  exists(urn: string): Promise<boolean>;
  entity(
    urn: string,
    aspectNames?: readonly string[],
  ): Promise<{ readonly aspects: Readonly<Record<string, { readonly value: Record<string, unknown> }>> }>;
}

/**
 * Structured properties as GraphQL (and the CLI) handle them: create and update definitions, set and
 * remove values on assets, hard delete. Every write goes through the ingest service, whose rules check it.
 */
export class StructuredPropertyService {
  constructor(
    private readonly ingest: IngestService,
    private readonly reads: AssetReads,
    private readonly store: EntityStore,
  ) {}

  async create(input: CreatePropertyInput, ctx: WriteContext): Promise<string> {
    const id = input.id ?? input.qualifiedName;
    if (!id) throw new BadRequestError('createStructuredProperty needs an id or a qualifiedName');
    const type = valueTypeOf(input.valueType);
    if (!type)
      throw new ValidationError(`valueType "${input.valueType}" is not a data type`, [
        {
          path: '/valueType',
          message: 'expected urn:li:dataType:datahub.<string|number|date|urn|rich_text>',
        },
      ]);
    const definition: AspectJson = definedOnly({
      qualifiedName: input.qualifiedName ?? id,
      displayName: input.displayName,
      description: input.description,
      valueType: canonicalValueType(type),
      cardinality: input.cardinality ?? 'SINGLE',
      entityTypes: input.entityTypes.map((t, i) => entityTypeUrn(t, `entityTypes[${i}]`)),
      allowedValues: input.allowedValues?.map((a, i) =>
        definedOnly({ value: primitive(a, `allowedValues[${i}]`), description: a.description }),
      ),
      typeQualifier: input.typeQualifier?.allowedTypes
        ? {
            allowedTypes: input.typeQualifier.allowedTypes.map((t, i) =>
              entityTypeUrn(t, `allowedTypes[${i}]`),
            ),
          }
        : undefined,
      immutable: input.immutable ?? false,
    });
    const urn = `${PROPERTY_PREFIX}${id}`;
    const proposals = [
      { entityUrn: urn, changeType: 'CREATE', aspectName: DEFINITION, aspect: { value: definition } },
      ...(input.settings
        ? [
            {
              entityUrn: urn,
              changeType: 'UPSERT',
              aspectName: SETTINGS,
              aspect: { value: definedOnly(input.settings) },
            },
          ]
        : []),
    ];
    await this.ingest.ingest(proposals, ctx);
    return urn;
  }

  async update(input: UpdatePropertyInput, ctx: WriteContext): Promise<string> {
    const urn = input.urn;
    if (!(await this.reads.exists(urn))) throw new NotFoundError(`Structured property ${urn} does not exist`);
    const modify = (current: AspectJson | undefined): AspectJson => {
      if (!current) throw new NotFoundError(`Structured property ${urn} has no definition`);
      const def = current as unknown as PropertyDefinition;
      const allowed = [...(def.allowedValues ?? [])];
      for (const [i, a] of (input.newAllowedValues ?? []).entries()) {
        const value = primitive(a, `newAllowedValues[${i}]`);
        if (!allowed.some((x) => valueKey(x.value) === valueKey(value)))
          allowed.push(
            definedOnly({ value, description: a.description ?? undefined }) as (typeof allowed)[number],
          );
      }
      const types = [...def.entityTypes];
      for (const [i, t] of (input.newEntityTypes ?? []).entries()) {
        const u = entityTypeUrn(t, `newEntityTypes[${i}]`);
        if (!types.some((x) => entityTypeName(x) === entityTypeName(u))) types.push(u);
      }
      const qualifier = [...(def.typeQualifier?.allowedTypes ?? [])];
      for (const [i, t] of (input.typeQualifier?.newAllowedTypes ?? []).entries()) {
        const u = entityTypeUrn(t, `newAllowedTypes[${i}]`);
        if (!qualifier.includes(u)) qualifier.push(u);
      }
      return {
        ...current,
        ...definedOnly({
          displayName: input.displayName,
          description: input.description,
          immutable: input.immutable,
        }),
        ...(input.setCardinalityAsMultiple ? { cardinality: 'MULTIPLE' } : {}),
        entityTypes: types,
        ...(allowed.length ? { allowedValues: allowed } : {}),
        ...(qualifier.length ? { typeQualifier: { ...def.typeQualifier, allowedTypes: qualifier } } : {}),
      };
    };
    const proposals = [
      { entityUrn: urn, changeType: 'UPSERT', aspectName: DEFINITION, modify },
      ...(input.settings
        ? [
            {
              entityUrn: urn,
              changeType: 'UPSERT',
              aspectName: SETTINGS,
              modify: (cur: AspectJson | undefined) => ({
                ...cur,
                ...definedOnly(input.settings as SettingsInput),
              }),
            },
          ]
        : []),
    ];
    await this.ingest.ingest(proposals, ctx);
    return urn;
  }

  /** Sets the given properties' values on an asset; its other properties stay as they are. */
  async upsertValues(
    assetUrn: string,
    params: readonly ValuesInput[],
    ctx: WriteContext,
  ): Promise<Assignment[]> {
    // A column's entity often does not exist yet: the write creates it (DataHub's resolver allows it).
    const create = assetUrn.startsWith('urn:li:schemaField:');
    return this.writeValues(assetUrn, ctx, create, async () => {
      const states = await loadStates(
        this.store,
        params.map((p) => p.structuredPropertyUrn),
      );
      const entries = params.map((p, i) => {
        const number =
          valueTypeOf(states.get(p.structuredPropertyUrn)?.definition?.valueType ?? '') === 'number';
        return {
          propertyUrn: p.structuredPropertyUrn,
          values: p.values.map((v, j) => {
            const value = primitive(v, `structuredPropertyInputParams[${i}].values[${j}]`);
            // A number property given a numeric string takes the number, as DataHub's UI sends strings.
            return number &&
              'string' in value &&
              value.string.trim() !== '' &&
              Number.isFinite(Number(value.string))
              ? { double: Number(value.string) }
              : value;
          }),
        };
      });
      const set = new Set(entries.map((e) => e.propertyUrn));
      return (held) => [...held.filter((a) => !set.has(a.propertyUrn)), ...entries];
    });
  }

  /** Removes the given properties' values from an asset. */
  async removeValues(
    assetUrn: string,
    propertyUrns: readonly string[],
    ctx: WriteContext,
  ): Promise<Assignment[]> {
    const drop = new Set(propertyUrns);
    return this.writeValues(
      assetUrn,
      ctx,
      false,
      async () => (held) => held.filter((a) => !drop.has(a.propertyUrn)),
    );
  }

  /**
   * Writes the values an asset holds (refused, not found, when it does not exist unless `create`):
   * `prepare` gives how to change those it holds. Answers the values it then shows.
   */
  private async writeValues(
    assetUrn: string,
    ctx: WriteContext,
    create: boolean,
    prepare: () => Promise<(held: Assignment[]) => readonly unknown[]>,
  ): Promise<Assignment[]> {
    if (!create && !(await this.reads.exists(assetUrn)))
      throw new NotFoundError(`Entity ${assetUrn} does not exist`);
    const change = await prepare();
    await this.ingest.ingest(
      [
        {
          entityUrn: assetUrn,
          changeType: 'UPSERT',
          aspectName: VALUES,
          modify: (current) => ({ ...current, properties: change(assignments(current ?? {})) }),
        },
      ],
      ctx,
    );
    return this.values(assetUrn);
  }

  /** Hard delete: the property goes at once, its values on other entities by a background task. */
  async delete(urn: string, ctx: WriteContext): Promise<{ deleted: boolean; tasks: readonly string[] }> {
    if (!urn.startsWith(PROPERTY_PREFIX))
      throw new BadRequestError(`${urn} is not a structured property URN`);
    const res = await this.ingest.deleteEntity(urn, ctx);
    return { deleted: res.rows > 0, tasks: res.tasks };
  }

  /** The values an asset shows (those of live properties, under their current versions). */
  async values(assetUrn: string): Promise<Assignment[]> {
    const view = await this.reads.entity(assetUrn, [VALUES]);
    return assignments(view.aspects[VALUES]?.value ?? {});
  }
}
