import { asSystem, currentCaller, requirePrivilege } from '../auth/index.js';
import { BadRequestError, NotFoundError } from '../errors/index.js';
import type { Registry } from '../registry/index.js';
import type { SearchService } from '../../search-sync/service/index.js';
import { EditBase, given } from './edit-base.js';
import type { IngestService } from './ingest-service.js';
import type { AspectJson, Proposal, WriteContext } from './proposal.js';
import type { ReadService } from './read-service.js';
import type { ReferenceService } from './reference-service.js';

/** What `updateCorpUserProperties` may set (corpUserEditableInfo): each given field replaces its value. */
export interface UserPropertiesUpdate {
  readonly displayName?: string | null;
  readonly title?: string | null;
  readonly aboutMe?: string | null;
  readonly teams?: readonly string[] | null;
  readonly skills?: readonly string[] | null;
  readonly pictureLink?: string | null;
  readonly slack?: string | null;
  readonly phone?: string | null;
  readonly email?: string | null;
  readonly platformUrns?: readonly string[] | null;
  readonly personaUrn?: string | null;
}

/** What `updateCorpGroupProperties` may set (corpGroupEditableInfo). */
export interface GroupPropertiesUpdate {
  readonly description?: string | null;
  readonly slack?: string | null;
  readonly email?: string | null;
  readonly pictureLink?: string | null;
}

/** A page of users or groups as DataHub's list fields answer it. */
export interface PeoplePage {
  readonly start: number;
  readonly count: number;
  readonly total: number;
  readonly urns: readonly string[];
}

/** DataHub's default personas: the only values `personaUrn` takes. */
export const PERSONAS: ReadonlySet<string> = new Set(
  ['technicalUser', 'businessUser', 'dataLeader', 'dataSteward'].map((p) => `urn:li:dataHubPersona:${p}`),
);

const SERVICE_ACCOUNT = 'SERVICE_ACCOUNT';

/** A group whose members can be edited: native already, or to be made so with its `legacy` members. */
interface EditableGroup {
  readonly urn: string;
  readonly native: boolean;
  readonly legacy: readonly string[];
}
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * Users and groups the way DataHub's GraphQL manages them: lists, a group's members (kept on each user,
 * in `nativeGroupMembership`), the editable properties of a user (the user themself, or an Admin) and of
 * a group, a user's status, and removal with every reference to the removed.
 */
export class PeopleService extends EditBase {
  constructor(
    registry: Registry,
    ingest: IngestService,
    reads: ReadService,
    private readonly search: SearchService,
    private readonly references: ReferenceService,
  ) {
    super(registry, ingest, reads);
  }

  /** Users matching the query (every one for `*`), service accounts left out, as DataHub lists them. */
  listUsers(q: { start: number; count: number; query: string }): Promise<PeoplePage> {
    const notService = { field: 'typeNames', values: [SERVICE_ACCOUNT], negated: true };
    return this.list('corpuser', q, { or: [{ and: [notService] }] });
  }

  /** Groups matching the query (an Admin's list). */
  listGroups(q: { start: number; count: number; query: string }): Promise<PeoplePage> {
    return this.list('corpGroup', q, undefined);
  }

  private async list(
    kind: string,
    q: { start: number; count: number; query: string },
    filter: unknown,
  ): Promise<PeoplePage> {
    const res = await this.search.search({
      entities: [kind],
      input: q.query.trim() || '*',
      filter,
      start: q.start,
      count: q.count,
      facets: [],
    });
    const urns = res.hits.map((h) => h.urn);
    return { start: q.start, count: urns.length, total: res.total, urns };
  }

  /**
   * Users into a group made in the catalog: each user's `nativeGroupMembership` gains the group. A group
   * with no origin is first made native, its members so far (`groupMembership`) moved over, as DataHub
   * does; one ingested from an external provider keeps the members it was given.
   */
  async addGroupMembers(groupUrn: string, userUrns: readonly string[], ctx: WriteContext): Promise<void> {
    const group = await this.editableGroup(groupUrn, 'added to');
    const users = await this.existingUsers(userUrns);
    await this.writeMembers(group, new Set([...group.legacy, ...users]), ctx);
  }

  /** Users out of a group made in the catalog (those not in it are left as they are). */
  async removeGroupMembers(groupUrn: string, userUrns: readonly string[], ctx: WriteContext): Promise<void> {
    const group = await this.editableGroup(groupUrn, 'removed from');
    this.checkUrns(userUrns, 'corpuser');
    const leaving = new Set(userUrns.map((u) => this.registry.parseEntityUrn(u).parsed.urn));
    const current = await this.reads.entities([...leaving], ['nativeGroupMembership']);
    const members = new Set(
      group.legacy
        .filter((u) => !leaving.has(u))
        .concat(
          [...leaving].filter((_, i) =>
            strings(current[i]?.aspects.nativeGroupMembership?.value.nativeGroups).includes(group.urn),
          ),
        ),
    );
    const staying = new Set([...members].filter((u) => !leaving.has(u)));
    await this.writeMembers(
      group,
      staying,
      ctx,
      [...members].filter((u) => leaving.has(u)),
    );
  }

  /**
   * One batch: the group made native when it had no origin (its `groupMembership` members moved), each
   * user of `members` in it, each of `out` out of it.
   */
  private async writeMembers(
    group: EditableGroup,
    members: ReadonlySet<string>,
    ctx: WriteContext,
    out: readonly string[] = [],
  ): Promise<void> {
    const native = (user: string, member: boolean): Proposal =>
      this.modify(user, 'nativeGroupMembership', (cur) => ({
        ...cur,
        nativeGroups: [
          ...strings(cur?.nativeGroups).filter((g) => g !== group.urn),
          ...(member ? [group.urn] : []),
        ],
      }));
    await this.ingest.ingest(
      [
        ...(group.native
          ? []
          : [
              {
                entityUrn: group.urn,
                changeType: 'UPSERT',
                aspectName: 'origin',
                aspect: { value: { type: 'NATIVE' } },
              } satisfies Proposal,
            ]),
        ...group.legacy.map((u) =>
          this.modify(u, 'groupMembership', (cur) => ({
            ...cur,
            groups: strings(cur?.groups).filter((g) => g !== group.urn),
          })),
        ),
        ...[...members].map((u) => native(u, true)),
        ...out.map((u) => native(u, false)),
      ],
      ctx,
    );
  }

  /**
   * The group, which must exist and not come from an external provider; when it has no origin yet, its
   * members so far (`groupMembership`, which the first edit moves to `nativeGroupMembership`).
   */
  private async editableGroup(urn: string, verb: string): Promise<EditableGroup> {
    this.checkUrns([urn], 'corpGroup');
    const group = this.registry.parseEntityUrn(urn).parsed.urn;
    const view = await this.reads.entity(group);
    if (!Object.keys(view.aspects).length)
      throw new NotFoundError(`Failed to change the members of group ${group}. Group does not exist.`);
    const origin = view.aspects.origin?.value;
    if (origin?.type === 'EXTERNAL')
      throw new BadRequestError(
        `Group ${group} was ingested from an external provider and cannot have members manually ${verb} it`,
      );
    if (typeof origin?.type === 'string') return { urn: group, native: true, legacy: [] };
    const page = await this.reads.relationships(group, ['IsMemberOfGroup'], 'INCOMING', 0, 500);
    return { urn: group, native: false, legacy: [...new Set(page.relationships.map((r) => r.entity))] };
  }

  private async existingUsers(urns: readonly string[]): Promise<string[]> {
    this.checkUrns(urns, 'corpuser');
    const users = [...new Set(urns.map((u) => this.registry.parseEntityUrn(u).parsed.urn))];
    const views = await this.reads.entities(users);
    const missing = users.filter((_, i) => !Object.keys(views[i]?.aspects ?? {}).length);
    if (missing.length)
      throw new NotFoundError(`Failed to add member to group. User ${missing.join(', ')} does not exist.`);
    return users;
  }

  /**
   * A user's editable properties, the given fields over the stored ones: by the user themself, or by an
   * Admin (whose role the write path checks as for any write). The user is created by the write when it
   * has no aspect yet, as DataHub does.
   */
  async updateUserProperties(urn: string, input: UserPropertiesUpdate, ctx: WriteContext): Promise<string> {
    this.checkUrns([urn], 'corpuser');
    const user = this.registry.parseEntityUrn(urn).parsed.urn;
    if (currentCaller()?.actor !== user) requirePrivilege('admin', "update another user's properties");
    if (input.platformUrns) this.checkUrns(input.platformUrns, 'dataPlatform');
    if (input.personaUrn && !PERSONAS.has(input.personaUrn))
      throw new NotFoundError(`Provided persona urn ${input.personaUrn} does not exist`);
    const set: AspectJson = given({
      displayName: input.displayName,
      title: input.title,
      aboutMe: input.aboutMe,
      teams: input.teams,
      skills: input.skills,
      pictureLink: input.pictureLink,
      slack: input.slack,
      phone: input.phone,
      email: input.email,
      platforms: input.platformUrns,
      persona: input.personaUrn,
    });
    const write = () =>
      this.ingest.ingest([this.modify(user, 'corpUserEditableInfo', (cur) => ({ ...cur, ...set }))], ctx);
    // A user edits their own profile whatever their role (the write is stamped with them all the same).
    if (currentCaller()?.actor === user) await asSystem(write);
    else await write();
    return user;
  }

  /** A group's editable properties, the given fields over the stored ones. */
  async updateGroupProperties(urn: string, input: GroupPropertiesUpdate, ctx: WriteContext): Promise<string> {
    const [group] = (await this.requireEntities([urn], ['corpGroupEditableInfo'])) as [string];
    this.checkUrns([group], 'corpGroup');
    const set: AspectJson = given({
      description: input.description,
      slack: input.slack,
      email: input.email,
      pictureLink: input.pictureLink,
    });
    await this.ingest.ingest(
      [this.modify(group, 'corpGroupEditableInfo', (cur) => ({ ...cur, ...set }))],
      ctx,
    );
    return group;
  }

  /** A user's status (ACTIVE or SUSPENDED), stamped with who set it. */
  async setUserStatus(urn: string, status: string, ctx: WriteContext): Promise<string> {
    const [user] = (await this.requireEntities([urn], ['corpUserStatus'])) as [string];
    this.checkUrns([user], 'corpuser');
    await this.ingest.ingest(
      [
        {
          entityUrn: user,
          changeType: 'UPSERT',
          aspectName: 'corpUserStatus',
          aspect: { value: { status, lastModified: this.stamp(ctx) } },
        },
      ],
      ctx,
    );
    return user;
  }

  /** A user or group deleted, then every reference to it taken out of other entities' aspects. */
  async remove(urn: string, kind: 'corpuser' | 'corpGroup', ctx: WriteContext): Promise<void> {
    this.checkUrns([urn], kind);
    await this.references.deleteWithReferences(urn, ctx);
  }
}
