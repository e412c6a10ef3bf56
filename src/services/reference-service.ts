import { ValidationError } from '../errors/index.js';
import type { Registry } from '../registry/index.js';
import type { EntityStore } from '../store/index.js';
import type { IngestService } from './ingest-service.js';
import type { Proposal, WriteContext } from './proposal.js';
import { redactionOf } from '../auth/index.js';

/** DataHub's DeleteReferencesResponse: how many aspects refer to the entity, and a sample of them. */
export interface DeleteReferencesResult {
  readonly total: number;
  readonly relatedAspects: { relationshipType: string; entity: string; aspect: string }[];
}

const SAMPLE = 10;
/** Aspects rewritten per write batch. */
const BATCH = 100;

/**
 * `deleteReferences` (DataHub's `delete_references_to_urn`): removes every reference to an entity from
 * other entities' aspects, leaving the entity itself. The referring aspects are those whose edges point
 * at it. In each, list elements that name it (a tag association, an owner, an upstream) go, and so do
 * fields that hold it; an aspect left invalid without the reference (a required field) is removed whole.
 * Writes go through the one write path, so edges, change log and search follow.
 */
export class ReferenceService {
  constructor(
    private readonly registry: Registry,
    private readonly store: EntityStore,
    private readonly ingest: IngestService,
  ) {}

  /**
   * An entity deleted, then every reference to it taken out of other entities' aspects (DataHub's GraphQL
   * deletes of users, groups, domains, glossary entries and data products).
   */
  async deleteWithReferences(urn: string, ctx: WriteContext): Promise<void> {
    const target = this.registry.parseEntityUrn(urn).parsed.urn;
    await this.ingest.ingest([{ entityUrn: target, changeType: 'DELETE' }], ctx);
    await this.deleteReferences(target, false, ctx);
  }

  async deleteReferences(urn: string, dryRun: boolean, ctx: WriteContext): Promise<DeleteReferencesResult> {
    const target = this.registry.parseEntityUrn(urn).parsed.urn;
    // The caller sees (and so removes) only references from the entities it may see.
    const redaction = redactionOf(this.registry);
    redaction.requireUrns([target]);
    const refs = await this.store.references(target, redaction.unseenKinds());
    const aspects = [...new Map(refs.map((r) => [`${r.entity}\u0000${r.aspect}`, r])).values()];
    if (!dryRun) {
      for (let i = 0; i < aspects.length; i += BATCH) {
        const batch = aspects.slice(i, i + BATCH);
        const current = await this.store.latest(
          [...new Set(batch.map((r) => r.entity))],
          [...new Set(batch.map((r) => r.aspect))],
        );
        const proposals: Proposal[] = [];
        for (const r of batch) {
          const stored = current.find((a) => a.urn === r.entity && a.name === r.aspect);
          if (stored) proposals.push(this.without(r.entity, r.aspect, JSON.parse(stored.value), target));
        }
        if (proposals.length) await this.ingest.ingest(proposals, ctx);
      }
    }
    return {
      total: aspects.length,
      relatedAspects: aspects
        .slice(0, SAMPLE)
        .map((r) => ({ relationshipType: r.type, entity: r.entity, aspect: r.aspect })),
    };
  }

  /** The aspect without the reference: rewritten, or removed when it is not valid without it. */
  private without(entityUrn: string, aspectName: string, value: unknown, target: string): Proposal {
    const cleaned = clean(value, target);
    const spec = this.registry.findAspect(aspectName);
    try {
      if (spec) this.registry.validateAspect(spec, cleaned);
      return { entityUrn, aspectName, changeType: 'UPSERT', aspect: { value: cleaned } };
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      return { entityUrn, aspectName, changeType: 'DELETE' };
    }
  }
}

/**
 * A JSON value without `target`: list elements that are it, or objects with a field that is it, are
 * dropped (after their own lists are cleaned); other fields that are it are removed.
 */
function clean(value: unknown, target: string): unknown {
  if (Array.isArray(value))
    return value
      .filter((v) => v !== target && !(isObject(v) && Object.values(v).includes(target)))
      .map((v) => clean(v, target));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== target)
      .map(([k, v]) => [k, clean(v, target)]),
  );
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
