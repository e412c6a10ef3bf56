import { BadRequestError } from '../errors/index.js';
import { EditWithReferences } from './edit-base.js';
import type { AspectJson, WriteContext } from './proposal.js';

/** The aspect that holds an entity's place in its tree, and the field that names its parent. */
const PLACES: Readonly<Record<string, readonly [string, string]>> = {
  domain: ['domainProperties', 'parentDomain'],
  glossaryTerm: ['glossaryTermInfo', 'parentNode'],
  glossaryNode: ['glossaryNodeInfo', 'parentNode'],
};

/** The deepest tree a move walks up (a longer chain is a cycle in data written by hand). */
const MAX_DEPTH = 1_000;

/**
 * The trees of domains and of the business glossary, as DataHub's GraphQL edits them: an entity moved
 * under another parent of its tree (or to its root), never under itself or one of its descendants; a
 * domain deleted only when no domain is under it; a deleted entity's references taken out of other
 * entities' aspects.
 */
export class HierarchyService extends EditWithReferences {
  /** A domain under `parent` (a domain), or at the root when `parent` is null. */
  moveDomain(urn: string, parent: string | null | undefined, ctx: WriteContext): Promise<void> {
    return this.move(urn, parent ?? undefined, ['domain'], 'domain', ctx);
  }

  /** A glossary term or node under the node `parent`, or at the root of the glossary when it is null. */
  updateParentNode(urn: string, parent: string | null | undefined, ctx: WriteContext): Promise<void> {
    return this.move(urn, parent ?? undefined, ['glossaryTerm', 'glossaryNode'], 'glossaryNode', ctx);
  }

  private async move(
    urn: string,
    parent: string | undefined,
    kinds: readonly string[],
    parentKind: string,
    ctx: WriteContext,
  ): Promise<void> {
    this.checkUrns([urn], ...kinds);
    const [resource] = (await this.requireEntities([urn], [])) as [string];
    const kind = this.registry.parseEntityUrn(resource).entity.name;
    const [aspect, field] = PLACES[kind] as readonly [string, string];
    if (parent !== undefined) {
      await this.requireAll([parent], parentKind);
      const above = await this.ancestry(this.registry.parseEntityUrn(parent).parsed.urn);
      if (above.includes(resource))
        throw new BadRequestError(`Cannot move ${resource} under itself or one of its children`);
    }
    if (!(await this.aspectOf(resource, aspect)))
      throw new BadRequestError(`${resource} has no ${aspect} to move`);
    await this.ingest.ingest(
      [
        this.modify(resource, aspect, (cur) => {
          const { [field]: _was, ...kept } = cur ?? {};
          return parent === undefined ? kept : { ...kept, [field]: parent };
        }),
      ],
      ctx,
    );
  }

  /** An entity and the parents above it, nearest first. */
  private async ancestry(urn: string): Promise<string[]> {
    const chain: string[] = [];
    for (let at: string | undefined = urn; at && chain.length < MAX_DEPTH;) {
      if (chain.includes(at)) break;
      chain.push(at);
      const kind = this.registry.parseEntityUrn(at).entity.name;
      const place = PLACES[kind];
      if (!place) break;
      const value: AspectJson | undefined = await this.aspectOf(at, place[0]);
      const next: unknown = value?.[place[1]];
      at = typeof next === 'string' ? next : undefined;
    }
    return chain;
  }

  /** A domain with no domain under it, deleted with every reference to it. */
  async deleteDomain(urn: string, ctx: WriteContext): Promise<void> {
    this.checkUrns([urn], 'domain');
    const domain = this.registry.parseEntityUrn(urn).parsed.urn;
    const children = await this.reads.relationships(domain, ['IsPartOf'], 'INCOMING', 0, 1);
    if (children.total > 0)
      throw new BadRequestError(`Cannot delete domain ${domain} which has child domains`);
    await this.remove(domain, ctx);
  }

  /** A glossary term or node, deleted with every reference to it (the terms under a node stay). */
  async deleteGlossaryEntity(urn: string, ctx: WriteContext): Promise<void> {
    this.checkUrns([urn], 'glossaryTerm', 'glossaryNode');
    await this.remove(this.registry.parseEntityUrn(urn).parsed.urn, ctx);
  }

  private async remove(urn: string, ctx: WriteContext): Promise<void> {
    await this.requireEntities([urn], []);
    await this.references.deleteWithReferences(urn, ctx);
  }
}
