import { BadRequestError, ConflictError } from '../errors/index.js';
import { EditBase } from './edit-base.js';
import type { AspectJson, WriteContext } from './proposal.js';
import { versionSetEntityType } from './version-sets.js';

const VERSION = 'versionProperties';
const SET = 'versionSetProperties';
/** The only scheme whose next sort id DataHub generates (eight letters A–Z, counted up). */
const GENERATED = 'ALPHANUMERIC_GENERATED_BY_DATAHUB';
const FIRST_SORT_ID = 'AAAAAAAA';
/** The creator of a source timestamp given without one, as DataHub names it. */
const UNKNOWN_CREATOR = 'urn:li:corpuser:unknown';

/** What a link gives the new version (DataHub's LinkVersionInput, less the set and the entity). */
export interface VersionLinkInput {
  readonly version: string;
  readonly comment?: string | null | undefined;
  readonly sourceTimestamp?: number | null | undefined;
  readonly sourceCreator?: string | null | undefined;
}

/** The sort id after `id` in DataHub's generated scheme: AAAAAAAZ → AAAAAABA; ZZZZZZZZ wraps to AAAAAAAA. */
export function nextSortId(id: unknown): string {
  if (typeof id !== 'string' || !/^[A-Z]{8}$/.test(id))
    throw new BadRequestError(`The latest version's sortId ${JSON.stringify(id)} is not eight letters A-Z`);
  const chars = [...id];
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== 'Z') {
      chars[i] = String.fromCharCode((chars[i] as string).charCodeAt(0) + 1);
      return chars.join('');
    }
    chars[i] = 'A';
  }
  return FIRST_SORT_ID;
}

const setOf = (v: AspectJson | undefined): string | undefined =>
  typeof v?.versionSet === 'string' ? v.versionSet : undefined;

/**
 * DataHub's versioning service (linkAssetVersion, unlinkAssetVersion): linking writes an entity's
 * `versionProperties` as the next version of a set; unlinking deletes them. What follows from either
 * (the set made, its latest, `isLatest`, the set deleted with its last version) is the version sets
 * write hook's (version-sets.ts), in the same write.
 */
export class VersionLinkService extends EditBase {
  /**
   * The entity as the set's new latest version, its sort id the one after the current latest's (the
   * first one for a new set). Answers whether it was linked: false when it already is a version of this
   * set (nothing written); a version of another set is refused.
   */
  async link(
    setUrn: string,
    entityUrn: string,
    input: VersionLinkInput,
    ctx: WriteContext,
  ): Promise<boolean> {
    const set = this.setUrn(setUrn);
    const { entity, parsed } = this.registry.parseEntityUrn(entityUrn);
    this.registry.aspectOf(entity, VERSION);
    const type = versionSetEntityType(set);
    if (type !== entity.name)
      throw new BadRequestError(
        `Entity type must match Version Set's specified type: ${type ?? '(none)'} invalid type: ${entity.name}`,
      );
    if (!input.version) throw new BadRequestError('A version (its tag) is required');
    const urn = parsed.urn;

    const current = await this.aspectOf(urn, VERSION);
    if (current) return this.alreadyLinked(urn, setOf(current), set);

    const setProps = await this.aspectOf(set, SET);
    let sortId = FIRST_SORT_ID;
    if (setProps) {
      if (setProps.versioningScheme !== GENERATED)
        throw new BadRequestError(`Only versioning scheme supported is ${GENERATED}`);
      const latest = typeof setProps.latest === 'string' ? setProps.latest : undefined;
      sortId = nextSortId(latest ? (await this.aspectOf(latest, VERSION))?.sortId : undefined);
    }

    const now = ctx.now ?? Date.now();
    const value: AspectJson = {
      versionSet: set,
      version: { versionTag: input.version, metadataAttribution: { actor: ctx.actor, time: now } },
      sortId,
      versioningScheme: GENERATED,
      aliases: [],
      metadataCreatedTimestamp: { actor: ctx.actor, time: now },
    };
    if (input.comment != null) value.comment = input.comment;
    if (input.sourceTimestamp != null)
      value.sourceCreatedTimestamp = {
        time: input.sourceTimestamp,
        actor: input.sourceCreator ? this.creator(input.sourceCreator) : UNKNOWN_CREATOR,
      };

    let linked = true;
    await this.ingest.ingest(
      [
        this.modify(urn, VERSION, (cur) => {
          // Linked by another write since the read above: as if it had been before.
          if (cur) {
            linked = this.alreadyLinked(urn, setOf(cur), set);
            return cur;
          }
          return value;
        }),
      ],
      ctx,
    );
    return linked;
  }

  /**
   * The entity's `versionProperties` deleted (the set's next lower version becomes its latest, or the
   * set goes with its last version). Answers whether it was unlinked: false when it is no version;
   * a version of another set is refused.
   */
  async unlink(setUrn: string | null | undefined, entityUrn: string | null | undefined, ctx: WriteContext) {
    if (!setUrn) throw new BadRequestError('versionSet is required');
    if (!entityUrn) throw new BadRequestError('unlinkedEntity is required');
    const set = this.setUrn(setUrn);
    const { entity, parsed } = this.registry.parseEntityUrn(entityUrn);
    this.registry.aspectOf(entity, VERSION);
    const current = setOf(await this.aspectOf(parsed.urn, VERSION));
    if (!current) return false;
    if (current !== set)
      throw new BadRequestError(
        `Version is not linked to specified version set: ${set} but is linked to: ${current}`,
      );
    await this.ingest.ingest([{ entityUrn: parsed.urn, changeType: 'DELETE', aspectName: VERSION }], ctx);
    return true;
  }

  private setUrn(urn: string): string {
    const { entity, parsed } = this.registry.parseEntityUrn(urn);
    if (entity.name !== 'versionSet')
      throw new BadRequestError(`Version Set urn ${urn} must be of type Version Set.`);
    return parsed.urn;
  }

  /** A source creator as a user's URN (a name is a corpuser's; a URN is kept). */
  private creator(name: string): string {
    return name.startsWith('urn:li:')
      ? this.registry.parseEntityUrn(name).parsed.urn
      : `urn:li:corpuser:${name}`;
  }

  private alreadyLinked(urn: string, current: string | undefined, set: string): false {
    if (current === set) return false;
    throw new ConflictError(
      `Version already exists for specified entity: ${urn} for a different Version Set: ${current ?? '(none)'}`,
    );
  }
}
