import { randomUUID } from 'node:crypto';
import { BadRequestError, NotFoundError } from '../errors/index.js';
import { schemaFieldUrn } from '../urn/index.js';
import { EditBase } from './edit-base.js';
import type { AspectJson, WriteContext } from './proposal.js';

/** A custom assertion as DataHub's `upsertCustomAssertion` takes it (its logic run elsewhere). */
export interface CustomAssertion {
  readonly entityUrn: string;
  readonly type: string;
  readonly description: string;
  readonly fieldPath?: string | null;
  readonly fieldPaths?: readonly string[] | null;
  /** The platform that runs it: a platform URN, or a platform's name. */
  readonly platform: { readonly urn?: string | null; readonly name?: string | null };
  readonly externalUrl?: string | null;
  readonly logic?: string | null;
  /** The standard parts of DataHub's model, kept as given (scope, aggregation, operator, parameters, ...). */
  readonly standard?: AspectJson;
}

/** A result reported for an assertion that runs elsewhere. */
export interface AssertionResultReport {
  readonly timestampMillis?: number | null;
  readonly type: string;
  readonly properties?: readonly { key: string; value?: string | null }[] | null;
  readonly externalUrl?: string | null;
  readonly error?: { type: string; message: string } | null;
  readonly severity?: string | null;
}

/**
 * Assertions that run outside neohub, as DataHub's GraphQL records them: a custom assertion on a dataset
 * (its definition and the platform that runs it), and the results reported for it (its run events).
 */
export class AssertionService extends EditBase {
  /** A custom assertion made (a new URN unless `urn` names one to replace): its URN. */
  async upsertCustom(urn: string | null | undefined, a: CustomAssertion, ctx: WriteContext): Promise<string> {
    this.checkUrns([a.entityUrn], 'dataset');
    const [entity] = (await this.requireEntities([a.entityUrn], [])) as [string];
    if (urn) this.checkUrns([urn], 'assertion');
    const assertion = urn ? this.registry.parseEntityUrn(urn).parsed.urn : `urn:li:assertion:${randomUUID()}`;
    const platform =
      a.platform.urn ?? (a.platform.name ? `urn:li:dataPlatform:${a.platform.name}` : undefined);
    if (!platform)
      throw new BadRequestError(
        'Failed to upsert Custom Assertion. Platform Name or Platform Urn must be specified.',
      );
    this.checkUrns([platform], 'dataPlatform');
    const paths = a.fieldPaths?.length
      ? a.fieldPaths
      : a.fieldPath !== undefined && a.fieldPath !== null
        ? [a.fieldPath]
        : [];
    if (paths.some((p) => !p.trim()))
      throw new BadRequestError(
        'Failed to upsert Custom Assertion. A field path must not be blank; omit it for a dataset-level assertion.',
      );
    const fields = paths.map((p) => schemaFieldUrn(entity, p));
    const custom = {
      type: a.type,
      entity,
      ...(fields.length ? { field: fields[0], fields } : {}),
      ...(a.logic ? { logic: a.logic } : {}),
      ...(a.standard ?? {}),
    };
    const info = {
      type: 'CUSTOM',
      description: a.description,
      ...(a.externalUrl ? { externalUrl: a.externalUrl } : {}),
      source: { type: 'EXTERNAL' },
      customAssertion: custom,
    };
    await this.ingest.ingest(
      [
        { entityUrn: assertion, changeType: 'UPSERT', aspectName: 'assertionInfo', aspect: { value: info } },
        {
          entityUrn: assertion,
          changeType: 'UPSERT',
          aspectName: 'dataPlatformInstance',
          aspect: { value: { platform } },
        },
      ],
      ctx,
    );
    return assertion;
  }

  /** A result of an assertion's run, for the entity it asserts on (a run event: COMPLETE). */
  async reportResult(urn: string, r: AssertionResultReport, ctx: WriteContext): Promise<void> {
    this.checkUrns([urn], 'assertion');
    const [assertion] = (await this.requireEntities([urn], ['assertionRunEvent'])) as [string];
    const info = await this.aspectOf(assertion, 'assertionInfo');
    const assertee = assertedEntity(info);
    if (!assertee) throw new NotFoundError(`Assertion ${assertion} has no entity it asserts on`);
    const time = r.timestampMillis ?? ctx.now ?? Date.now();
    const result = {
      type: r.type,
      ...(r.severity ? { severity: r.severity } : {}),
      ...(r.properties?.length
        ? { nativeResults: Object.fromEntries(r.properties.map((p) => [p.key, p.value ?? ''])) }
        : {}),
      ...(r.externalUrl ? { externalUrl: r.externalUrl } : {}),
      ...(r.error ? { error: { type: r.error.type, properties: { message: r.error.message } } } : {}),
    };
    const event = {
      timestampMillis: time,
      runId: String(time),
      assertionUrn: assertion,
      asserteeUrn: assertee,
      status: 'COMPLETE',
      result,
    };
    await this.ingest.ingest(
      [
        {
          entityUrn: assertion,
          changeType: 'UPSERT',
          aspectName: 'assertionRunEvent',
          aspect: { value: event },
        },
      ],
      ctx,
    );
  }
}

/** The entity an assertion's definition names (whatever its type). */
function assertedEntity(info: AspectJson | undefined): string | undefined {
  if (!info) return undefined;
  for (const v of Object.values(info))
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const e = (v as AspectJson).entity ?? (v as AspectJson).dataset;
      if (typeof e === 'string') return e;
      if (
        Array.isArray((v as AspectJson).datasets) &&
        typeof ((v as AspectJson).datasets as unknown[])[0] === 'string'
      )
        return ((v as AspectJson).datasets as string[])[0];
    }
  return undefined;
}
