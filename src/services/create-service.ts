import { randomUUID } from 'node:crypto';
import { AspectExistsError, BadRequestError } from '../errors/index.js';
import { EditBase } from './edit-base.js';
import { ownerRow } from './edit-rows.js';
import type { AspectJson, WriteContext } from './proposal.js';

const TAG_EXISTS = 'This Tag already exists!';

/**
 * New entities the way DataHub's GraphQL makes them (tags, domains, glossary terms and nodes, groups, data
 * products):
 * a URN from the given id or a new UUID, refused when the entity exists, its first aspects written in
 * one batch.
 */
export class CreateService extends EditBase {
  /** A new tag; its URN is `urn:li:tag:<id>` (a random id when none is given). Fails if it exists. */
  async createTag(
    t: { id?: string | null; name: string; description?: string | null },
    ctx: WriteContext,
  ): Promise<string> {
    const value = { name: t.name, ...(t.description ? { description: t.description } : {}) };
    return this.createEntity('tag', t, TAG_EXISTS, [['tagProperties', value]], ctx);
  }

  /** A new domain (under another when `parentDomain` names one), owned by its creator. */
  async createDomain(
    d: { id?: string | null; name: string; description?: string | null; parentDomain?: string | null },
    ctx: WriteContext,
  ): Promise<string> {
    if (d.parentDomain) await this.requireAll([d.parentDomain], 'domain');
    const value = {
      name: d.name,
      ...(d.description ? { description: d.description } : {}),
      ...(d.parentDomain ? { parentDomain: d.parentDomain } : {}),
      created: this.stamp(ctx),
    };
    return this.createEntity(
      'domain',
      d,
      'This Domain already exists!',
      [['domainProperties', value]],
      ctx,
      true,
    );
  }

  /** A new glossary term or node (under the node `parentNode` names), owned by its creator. */
  async createGlossaryEntity(
    kind: 'glossaryTerm' | 'glossaryNode',
    g: { id?: string | null; name: string; description?: string | null; parentNode?: string | null },
    ctx: WriteContext,
  ): Promise<string> {
    if (g.parentNode) await this.requireAll([g.parentNode], 'glossaryNode');
    const value = {
      name: g.name,
      definition: g.description ?? '',
      ...(kind === 'glossaryTerm' ? { termSource: 'INTERNAL' } : {}),
      ...(g.parentNode ? { parentNode: g.parentNode } : {}),
    };
    const exists = `This Glossary ${kind === 'glossaryTerm' ? 'Term' : 'Node'} already exists!`;
    return this.createEntity(kind, g, exists, [[`${kind}Info`, value]], ctx, true);
  }

  /** A new group of users, made in the catalog (its origin NATIVE). */
  async createGroup(
    g: { id?: string | null; name: string; description?: string | null },
    ctx: WriteContext,
  ): Promise<string> {
    const info = {
      displayName: g.name,
      ...(g.description ? { description: g.description } : {}),
      admins: [],
      members: [],
      groups: [],
    };
    const aspects: [string, AspectJson][] = [
      ['corpGroupInfo', info],
      ['origin', { type: 'NATIVE' }],
    ];
    return this.createEntity('corpGroup', g, 'This Group already exists!', aspects, ctx);
  }

  /** A new data product in a domain (under another data product when `parentDataProduct` names one). */
  async createDataProduct(
    p: {
      id?: string | null;
      domainUrn: string;
      name: string;
      description?: string | null;
      parentDataProduct?: string | null;
    },
    ctx: WriteContext,
  ): Promise<string> {
    await this.requireAll([p.domainUrn], 'domain');
    if (p.parentDataProduct) await this.requireAll([p.parentDataProduct], 'dataProduct');
    const properties = {
      name: p.name,
      ...(p.description ? { description: p.description } : {}),
      ...(p.parentDataProduct ? { parentDataProduct: p.parentDataProduct } : {}),
      assets: [],
    };
    return this.createEntity(
      'dataProduct',
      p,
      'This Data Product already exists!',
      [
        ['dataProductProperties', properties],
        ['domains', { domains: [p.domainUrn] }],
      ],
      ctx,
      true,
    );
  }

  /**
   * A new entity of a kind whose key is one id (`urn:li:<kind>:<id>`, a new UUID when none is given),
   * with its first aspects, created in one batch; refused when it exists. Its creator becomes its owner
   * when `owned` (DataHub's domains and glossary entries).
   */
  private async createEntity(
    kind: string,
    e: { id?: string | null; name: string },
    exists: string,
    aspects: readonly [string, AspectJson][],
    ctx: WriteContext,
    owned = false,
  ): Promise<string> {
    const id = e.id?.trim() || randomUUID();
    const urn = this.registry.parseEntityUrn(`urn:li:${kind}:${id}`).parsed.urn;
    if (!e.name.trim()) throw new BadRequestError('name must not be empty');
    const [existing] = await this.reads.entities([urn]);
    if (Object.keys(existing?.aspects ?? {}).length) throw new BadRequestError(exists);
    const all = owned
      ? [
          ...aspects,
          [
            'ownership',
            {
              owners: [ownerRow({ owner: ctx.actor, type: 'TECHNICAL_OWNER' })],
              lastModified: this.stamp(ctx),
            },
          ] as [string, AspectJson],
        ]
      : aspects;
    await this.ingest
      .ingest(
        all.map(([aspectName, value], i) => ({
          entityUrn: urn,
          // The first aspect creates the entity (refused if a concurrent create got there first).
          changeType: i === 0 ? 'CREATE_ENTITY' : 'UPSERT',
          aspectName,
          aspect: { value },
        })),
        ctx,
      )
      .catch((err: unknown) => {
        if (err instanceof AspectExistsError) throw new BadRequestError(exists);
        throw err;
      });
    return urn;
  }
}
