import { BadRequestError } from '../errors/index.js';
import { ownershipModifier, type DatasetUpdate } from './dataset-update.js';
import { AspectEdits, EditWithReferences, given } from './edit-base.js';
import type { AspectJson, WriteContext } from './proposal.js';

/** DataHub's `updateTag` input: the tag's name, its description, and its owners (replacing them). */
export interface TagUpdate {
  readonly name: string;
  readonly description?: string | null;
  readonly ownership?: DatasetUpdate['ownership'];
}

/** How one glossary term relates to others: `isA` (it inherits from them) or `hasA` (it contains them). */
export type TermRelationship = 'isA' | 'hasA';
const RELATED_FIELD: Readonly<Record<TermRelationship, string>> = {
  isA: 'isRelatedTerms',
  hasA: 'hasRelatedTerms',
};

/** A colour as DataHub's UI writes it: `#` and three or six hex digits. */
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

const urns = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * DataHub's curation edits: a tag's properties, colour and deletion; the relations between glossary terms;
 * soft deletion of several entities at once. Each checks what it refers to exists, then writes through the
 * one write path; a batch is written whole or not at all.
 */
export class CurationService extends EditWithReferences {
  /** A tag's name, description and owners (DataHub's `updateTag`); the tag's URN. */
  async updateTag(urn: string, t: TagUpdate, ctx: WriteContext): Promise<string> {
    this.checkUrns([urn], 'tag');
    if (!t.name.trim()) throw new BadRequestError('name must not be empty');
    const tag = await this.requireEntity(urn, 'tagProperties');
    const edits = new AspectEdits();
    edits.add(tag, 'tagProperties', (cur) => ({
      ...cur,
      name: t.name,
      ...given({ description: t.description }),
    }));
    if (t.ownership) edits.add(tag, 'ownership', ownershipModifier(t.ownership, this.stamp(ctx)));
    await this.ingest.ingest(edits.proposals(), ctx);
    return tag;
  }

  /** A tag's colour; the tag must have its properties already, as DataHub requires. */
  async setTagColor(urn: string, colorHex: string, ctx: WriteContext): Promise<void> {
    this.checkUrns([urn], 'tag');
    if (!HEX_COLOR.test(colorHex))
      throw new BadRequestError(`colorHex must be a colour like #1890ff, got ${colorHex}`);
    const tag = await this.requireEntity(urn, 'tagProperties');
    if (!(await this.aspectOf(tag, 'tagProperties')))
      throw new BadRequestError(`Tag ${tag} has no properties yet: set its name first`);
    await this.write([this.modify(tag, 'tagProperties', (cur) => ({ ...cur, colorHex }) as AspectJson), ctx]);
  }

  /** A tag, deleted with every reference to it. */
  async deleteTag(urn: string, ctx: WriteContext): Promise<void> {
    this.checkUrns([urn], 'tag');
    const tag = await this.requireEntity(urn, 'tagProperties');
    await this.references.deleteWithReferences(tag, ctx);
  }

  /**
   * Adds or removes the terms a glossary term relates to (`isA`: `isRelatedTerms`, `hasA`:
   * `hasRelatedTerms` of its `glossaryRelatedTerms`); every term must exist, and none be the term itself.
   */
  async editRelatedTerms(
    urn: string,
    termUrns: readonly string[],
    relationship: TermRelationship,
    adding: boolean,
    ctx: WriteContext,
  ): Promise<void> {
    this.checkUrns([urn], 'glossaryTerm');
    this.checkUrns(termUrns, 'glossaryTerm');
    const term = this.registry.parseEntityUrn(urn).parsed.urn;
    const others = termUrns.map((u) => this.registry.parseEntityUrn(u).parsed.urn);
    if (others.includes(term))
      throw new BadRequestError(`A glossary term cannot be related to itself (${term})`);
    await this.requireEntities(adding ? [term, ...others] : [term], ['glossaryRelatedTerms']);
    const field = RELATED_FIELD[relationship];
    await this.write([
      this.modify(term, 'glossaryRelatedTerms', (cur) => {
        const now = urns(cur?.[field]);
        const next = adding
          ? [...now, ...others.filter((o) => !now.includes(o))]
          : now.filter((u) => !others.includes(u));
        return { ...cur, [field]: next };
      }),
      ctx,
    ]);
  }

  /** Soft deletes several entities, or restores them (their `status`): all must exist, or none is written. */
  async setSoftDeleted(urnList: readonly string[], removed: boolean, ctx: WriteContext): Promise<void> {
    if (!urnList.length) throw new BadRequestError('No entities to update');
    const all = await this.requireEntities(urnList, ['status']);
    await this.ingest.ingest(
      [...new Set(all)].map((u) => this.modify(u, 'status', () => ({ removed }))),
      ctx,
    );
  }
}
