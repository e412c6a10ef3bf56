import { BadRequestError, NotFoundError } from '../errors/index.js';
import type { Registry } from '../registry/index.js';
import type { IngestService } from './ingest-service.js';
import type { AspectJson, AspectModifier, Proposal, WriteContext } from './proposal.js';
import type { EnvelopedAspect, ReadService } from './read-service.js';
import type { ReferenceService } from './reference-service.js';

/**
 * What the services that edit metadata the way DataHub's GraphQL does share (edits of labels and
 * descriptions, creates, people and groups): checks that what an edit refers to exists and is of the
 * right kind, and read-modify-writes of whole aspects through the one write path (computed under the
 * entity's write lock, so concurrent edits never lose each other's changes).
 */
export abstract class EditBase {
  constructor(
    protected readonly registry: Registry,
    protected readonly ingest: IngestService,
    protected readonly reads: ReadService,
  ) {}

  protected stamp(ctx: WriteContext): { time: number; actor: string } {
    return { time: ctx.now ?? Date.now(), actor: ctx.actor };
  }

  protected modify(urn: string, aspectName: string, modify: AspectModifier): Proposal {
    return { entityUrn: urn, changeType: 'UPSERT', aspectName, modify };
  }

  protected async write([proposal, ctx]: [Proposal, WriteContext]): Promise<void> {
    await this.ingest.ingest([proposal], ctx);
  }

  /** The normalized URN of an existing entity whose kind has the aspect (400 or 404 otherwise). */
  protected async requireEntity(urn: string, aspect: string): Promise<string> {
    return (await this.requireEntities([urn], aspect === 'description' ? [] : [aspect]))[0] as string;
  }

  /** The normalized URNs of existing entities whose kinds have the aspects, read in one call. */
  protected async requireEntities(urns: readonly string[], aspects: readonly string[]): Promise<string[]> {
    if (!urns.length) return [];
    const parsed = urns.map((u) => {
      const { entity, parsed: p } = this.registry.parseEntityUrn(u);
      for (const a of aspects) this.registry.aspectOf(entity, a);
      return p.urn;
    });
    const views = await this.reads.entities(parsed);
    const missing = parsed.filter((_, i) => !Object.keys(views[i]?.aspects ?? {}).length);
    if (missing.length) throw new NotFoundError(`Entity ${missing[0]} does not exist`);
    return parsed;
  }

  protected async requireAll(urns: readonly string[], ...types: string[]): Promise<void> {
    this.checkUrns(urns, ...types);
    const views = await this.reads.entities(urns);
    const missing = urns.filter((_, i) => !Object.keys(views[i]?.aspects ?? {}).length);
    if (missing.length) throw new NotFoundError(`Entity ${missing.join(', ')} does not exist`);
  }

  protected checkUrns(urns: readonly string[], ...types: string[]): void {
    if (!urns.length) throw new BadRequestError(`No ${types.join(' or ')} URNs given`);
    for (const u of urns) {
      const { entity } = this.registry.parseEntityUrn(u);
      if (!types.includes(entity.name)) throw new BadRequestError(`${u} is not a ${types.join(' or ')} URN`);
    }
  }

  protected async aspectOf(urn: string, aspect: string): Promise<AspectJson | undefined> {
    const [view] = await this.reads.entities([urn]);
    return (view?.aspects[aspect] as EnvelopedAspect | undefined)?.value;
  }
}

/** The edits that also delete entities, each with every reference to it (ReferenceService). */
export abstract class EditWithReferences extends EditBase {
  constructor(
    registry: Registry,
    ingest: IngestService,
    reads: ReadService,
    protected readonly references: ReferenceService,
  ) {
    super(registry, ingest, reads);
  }
}

/**
 * Edits of several aspects gathered before one write: the edits of one aspect of one entity are one
 * read-modify-write, applied in the order they were added.
 */
export class AspectEdits {
  private readonly edits = new Map<string, { urn: string; aspect: string; modifiers: AspectModifier[] }>();

  add(urn: string, aspect: string, modifier: AspectModifier): void {
    const key = `${urn}\n${aspect}`;
    const e = this.edits.get(key) ?? { urn, aspect, modifiers: [] };
    e.modifiers.push(modifier);
    this.edits.set(key, e);
  }

  /** One UPSERT per aspect, its edits composed. */
  proposals(): Proposal[] {
    return [...this.edits.values()].map((e) => ({
      entityUrn: e.urn,
      changeType: 'UPSERT',
      aspectName: e.aspect,
      modify: (cur) => e.modifiers.reduce<AspectJson | undefined>((v, m) => m(v), cur) as AspectJson,
    }));
  }
}

/** The fields of an edit that were given (null and undefined leave the stored value as it is). */
export function given(fields: Readonly<Record<string, unknown>>): AspectJson {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined && v !== null),
  ) as AspectJson;
}
