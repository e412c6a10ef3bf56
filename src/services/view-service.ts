import { randomUUID } from 'node:crypto';
import type { Criterion } from '../../search-sync/model/index.js';
import type { SearchService } from '../../search-sync/service/index.js';
import { asSystem, currentCaller, requirePrivilege } from '../auth/index.js';
import { BadRequestError, NotFoundError } from '../errors/index.js';
import type { Registry } from '../registry/index.js';
import { EditBase } from './edit-base.js';
import type { IngestService } from './ingest-service.js';
import type { AspectJson, WriteContext } from './proposal.js';
import type { ReadService } from './read-service.js';

/** A View's definition as stored: registry entity names, and a filter (`{or: [{and: [criteria]}]}`). */
export interface ViewDefinition {
  readonly entityTypes: readonly string[];
  readonly filter: { readonly or: readonly { readonly and: readonly Criterion[] }[] };
}

export interface NewView {
  readonly viewType: 'PERSONAL' | 'GLOBAL';
  readonly name: string;
  readonly description?: string | null;
  readonly definition: ViewDefinition;
}

export interface ViewPage {
  readonly start: number;
  readonly count: number;
  readonly total: number;
  readonly urns: readonly string[];
}

const INFO = 'dataHubViewInfo';
/** DataHub's one global settings entity. */
const GLOBAL_SETTINGS = 'urn:li:globalSettings:0';

/**
 * DataHub's Views: saved searches (entity types and a filter) that a search applies by URN. Anyone makes
 * and manages their own (PERSONAL) Views, whatever their role; global Views are an Admin's. A View is
 * stamped with who made it, which `listMyViews` looks up.
 */
export class ViewService extends EditBase {
  constructor(
    registry: Registry,
    ingest: IngestService,
    reads: ReadService,
    private readonly search: SearchService,
  ) {
    super(registry, ingest, reads);
  }

  async create(v: NewView, ctx: WriteContext): Promise<string> {
    if (v.viewType === 'GLOBAL') requirePrivilege('admin', 'create global Views');
    if (!v.name.trim()) throw new BadRequestError('name must not be empty');
    const urn = `urn:li:dataHubView:${randomUUID()}`;
    const stamp = this.stamp(ctx);
    const info = {
      name: v.name,
      ...(v.description ? { description: v.description } : {}),
      type: v.viewType,
      definition: this.checked(v.definition),
      created: stamp,
      lastModified: stamp,
    };
    await this.writeAs(v.viewType, () =>
      this.ingest.ingest(
        [{ entityUrn: urn, changeType: 'CREATE_ENTITY', aspectName: INFO, aspect: { value: info } }],
        ctx,
      ),
    );
    return urn;
  }

  /** A View's name, description or definition; by whoever made it (an Admin for a global View). */
  async update(
    urn: string,
    v: { name?: string | null; description?: string | null; definition?: ViewDefinition | null },
    ctx: WriteContext,
  ): Promise<string> {
    const { view, type } = await this.editable(urn);
    if (v.name !== undefined && v.name !== null && !v.name.trim())
      throw new BadRequestError('name must not be empty');
    const set = {
      ...(v.name ? { name: v.name } : {}),
      ...(v.description !== undefined && v.description !== null ? { description: v.description } : {}),
      ...(v.definition ? { definition: this.checked(v.definition) } : {}),
      lastModified: this.stamp(ctx),
    };
    await this.writeAs(type, () =>
      this.ingest.ingest([this.modify(view, INFO, (cur) => ({ ...cur, ...set }))], ctx),
    );
    return view;
  }

  async delete(urn: string, ctx: WriteContext): Promise<void> {
    const { view, type } = await this.editable(urn);
    await this.writeAs(type, () => this.ingest.ingest([{ entityUrn: view, changeType: 'DELETE' }], ctx));
  }

  /** The caller's own Views (of one type when asked). */
  listMine(q: { start: number; count: number; query: string; viewType?: string | null }): Promise<ViewPage> {
    const caller = currentCaller()?.actor;
    const and = [
      { field: 'createdBy', values: [caller ?? ''] },
      ...(q.viewType ? [{ field: 'type', values: [q.viewType] }] : []),
    ];
    return this.list(q, and);
  }

  /** The global Views, for everyone. */
  listGlobal(q: { start: number; count: number; query: string }): Promise<ViewPage> {
    return this.list(q, [{ field: 'type', values: ['GLOBAL'] }]);
  }

  /** The organisation's default View (DataHub's global settings), or none: an Admin's to set. */
  async setGlobalDefault(view: string | null | undefined, ctx: WriteContext): Promise<void> {
    requirePrivilege('admin', 'set the default View of everyone');
    const defaultView = await this.existing(view);
    await this.ingest.ingest(
      [
        this.modify(GLOBAL_SETTINGS, 'globalSettingsInfo', (cur) => ({
          ...cur,
          views: defaultView ? { defaultView } : {},
        })),
      ],
      ctx,
    );
  }

  /** The caller's own default View, or none (their `corpUserSettings`), whatever their role. */
  async setMyDefault(view: string | null | undefined, ctx: WriteContext): Promise<void> {
    const user = currentCaller()?.actor;
    if (!user) throw new BadRequestError('No user to set a default View for');
    const defaultView = await this.existing(view);
    await asSystem(() =>
      this.ingest.ingest(
        [
          this.modify(user, 'corpUserSettings', (cur) => ({
            appearance: {},
            ...cur,
            views: defaultView ? { defaultView } : {},
          })),
        ],
        ctx,
      ),
    );
  }

  /** The normalized URN of a View that exists, or undefined for none. */
  private async existing(view: string | null | undefined): Promise<string | undefined> {
    if (!view) return undefined;
    this.checkUrns([view], 'dataHubView');
    const [urn] = (await this.requireEntities([view], [INFO])) as [string];
    return urn;
  }

  /**
   * A View's definition, to apply to a search; undefined when there is no such View, which DataHub's
   * search ignores (it warns, and searches without it: a default View deleted since it was set, say).
   */
  async definition(urn: string): Promise<ViewDefinition | undefined> {
    this.checkUrns([urn], 'dataHubView');
    const info = await this.aspectOf(this.registry.parseEntityUrn(urn).parsed.urn, INFO);
    return info ? (info.definition as unknown as ViewDefinition) : undefined;
  }

  private async list(
    q: { start: number; count: number; query: string },
    and: Criterion[],
  ): Promise<ViewPage> {
    const res = await this.search.search({
      entities: ['dataHubView'],
      input: q.query.trim() || '*',
      filter: { or: [{ and }] },
      start: q.start,
      count: q.count,
      facets: [],
    });
    const urns = res.hits.map((h) => h.urn);
    return { start: q.start, count: urns.length, total: res.total, urns };
  }

  /** The View, which the caller may change: its maker's (personal), or an Admin's (global). */
  private async editable(urn: string): Promise<{ view: string; type: string }> {
    this.checkUrns([urn], 'dataHubView');
    const view = this.registry.parseEntityUrn(urn).parsed.urn;
    const info = await this.aspectOf(view, INFO);
    if (!info) throw new NotFoundError(`View ${view} does not exist`);
    const type = String(info.type);
    const maker = (info.created as AspectJson | undefined)?.actor;
    if (type === 'GLOBAL' || maker !== currentCaller()?.actor)
      requirePrivilege('admin', `change the View ${view}`);
    return { view, type };
  }

  /** A personal View is written whatever the caller's role (stamped with them all the same). */
  private async writeAs(type: string, run: () => Promise<unknown>): Promise<void> {
    if (type === 'GLOBAL') await run();
    else await asSystem(run);
  }

  /** A definition as stored: its entity types registry kinds, its filter's empty groups left out. */
  private checked(d: ViewDefinition): AspectJson {
    const entityTypes = d.entityTypes.map((t) => this.registry.entity(t).name);
    const or = d.filter.or.filter((g) => g.and.length).map((g) => ({ and: [...g.and] }));
    return { entityTypes, filter: { or } } as unknown as AspectJson;
  }
}
