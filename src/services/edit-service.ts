import { BadRequestError } from '../errors/index.js';
import { datasetAspects, deprecationModifier, type DatasetUpdate } from './dataset-update.js';
import { linkRow, ownerRow, SYSTEM_TYPE_PREFIX, type LinkRef, type OwnerRef } from './edit-rows.js';
import { AspectEdits, EditBase } from './edit-base.js';
import type { AspectJson, AspectModifier, WriteContext } from './proposal.js';
import type { EnvelopedAspect } from './read-service.js';

/** An entity, or one field of a dataset's schema (`subResource` is its field path). */
export interface ResourceRef {
  readonly urn: string;
  readonly subResource?: string | null | undefined;
  readonly subResourceType?: string | null | undefined;
}

const list = (v: unknown): AspectJson[] =>
  Array.isArray(v) ? v.filter((x): x is AspectJson => !!x && typeof x === 'object') : [];

/**
 * Edits of metadata the way DataHub's UI and GraphQL make them: tags, terms, owners, links,
 * descriptions, deprecation, names. Each edit checks that what it refers to exists, then is one
 * read-modify-write of whole aspects (EditBase). Several resources are edited in one batch: all or
 * nothing.
 */
export class EditService extends EditBase {
  /** Tags onto entities or schema fields: all of them, or (one missing) none. */
  async addTags(rs: readonly ResourceRef[], tagUrns: readonly string[], ctx: WriteContext): Promise<void> {
    for (const r of rs) this.registry.parseEntityUrn(r.urn);
    await this.requireAll(tagUrns, 'tag');
    await this.editLabels(rs, 'globalTags', ctx, (cur) => {
      const tags = list(cur?.tags);
      for (const t of tagUrns) if (!tags.some((x) => x.tag === t)) tags.push({ tag: t });
      return { ...cur, tags };
    });
  }

  async removeTags(rs: readonly ResourceRef[], tagUrns: readonly string[], ctx: WriteContext): Promise<void> {
    this.checkUrns(tagUrns, 'tag');
    await this.editLabels(rs, 'globalTags', ctx, (cur) => ({
      ...cur,
      tags: list(cur?.tags).filter((x) => !tagUrns.includes(String(x.tag))),
    }));
  }

  async addTerms(rs: readonly ResourceRef[], termUrns: readonly string[], ctx: WriteContext): Promise<void> {
    for (const r of rs) this.registry.parseEntityUrn(r.urn);
    await this.requireAll(termUrns, 'glossaryTerm');
    await this.editLabels(rs, 'glossaryTerms', ctx, (cur) => {
      const terms = list(cur?.terms);
      for (const t of termUrns) if (!terms.some((x) => x.urn === t)) terms.push({ urn: t, actor: ctx.actor });
      return { ...cur, terms, auditStamp: this.stamp(ctx) };
    });
  }

  async removeTerms(
    rs: readonly ResourceRef[],
    termUrns: readonly string[],
    ctx: WriteContext,
  ): Promise<void> {
    this.checkUrns(termUrns, 'glossaryTerm');
    await this.editLabels(rs, 'glossaryTerms', ctx, (cur) => ({
      ...cur,
      terms: list(cur?.terms).filter((x) => !termUrns.includes(String(x.urn))),
      auditStamp: this.stamp(ctx),
    }));
  }

  /** Owners onto entities: all of them, or (one missing) none. An owner already there gets its new type. */
  async addOwners(urns: readonly string[], owners: readonly OwnerRef[], ctx: WriteContext): Promise<void> {
    const resources = await this.requireEntities(urns, ['ownership']);
    await this.requireAll(
      owners.map((o) => o.owner),
      'corpuser',
      'corpGroup',
    );
    const rows = owners.map((o) => ownerRow(o));
    await this.ingest.ingest(
      resources.map((resource) =>
        this.modify(resource, 'ownership', (cur) => {
          const current = list(cur?.owners);
          for (const row of rows) {
            const i = current.findIndex((x) => x.owner === row.owner && sameType(x, row));
            if (i >= 0) current[i] = { ...current[i], ...row };
            else current.push(row);
          }
          return { ...cur, owners: current, lastModified: this.stamp(ctx) };
        }),
      ),
      ctx,
    );
  }

  /** Owners off entities (of one ownership type, or of any when none is given): all, or none. */
  async removeOwners(
    urns: readonly string[],
    owners: readonly string[],
    typeUrn: string | undefined,
    ctx: WriteContext,
  ): Promise<void> {
    const resources = await this.requireEntities(urns, ['ownership']);
    this.checkUrns(owners, 'corpuser', 'corpGroup');
    await this.ingest.ingest(
      resources.map((resource) =>
        this.modify(resource, 'ownership', (cur) => ({
          ...cur,
          owners: list(cur?.owners).filter(
            (x) => !(owners.includes(String(x.owner)) && (!typeUrn || ownerTypeUrn(x) === typeUrn)),
          ),
          lastModified: this.stamp(ctx),
        })),
      ),
      ctx,
    );
  }

  /** The domain of entities (DataHub's one domain per entity), or none: all of them, or none. */
  async setDomain(urns: readonly string[], domain: string | undefined, ctx: WriteContext): Promise<void> {
    if (domain !== undefined) await this.requireAll([domain], 'domain');
    const resources = await this.requireEntities(urns, ['domains']);
    await this.ingest.ingest(
      resources.map((resource) =>
        this.modify(resource, 'domains', (cur) => ({
          ...cur,
          domains: domain === undefined ? [] : [domain],
        })),
      ),
      ctx,
    );
  }

  async addLink(urn: string, link: LinkRef, ctx: WriteContext): Promise<void> {
    const resource = await this.requireEntity(urn, 'institutionalMemory');
    if (!link.url.trim()) throw new BadRequestError('linkUrl must not be empty');
    await this.write([
      this.modify(resource, 'institutionalMemory', (cur) => {
        const elements = list(cur?.elements);
        if (!elements.some((e) => e.url === link.url && e.description === link.description))
          elements.push(linkRow(link, this.stamp(ctx)));
        return { ...cur, elements };
      }),
      ctx,
    ]);
  }

  async removeLink(urn: string, url: string, label: string | undefined, ctx: WriteContext) {
    const resource = await this.requireEntity(urn, 'institutionalMemory');
    await this.write([
      this.modify(resource, 'institutionalMemory', (cur) => ({
        ...cur,
        elements: list(cur?.elements).filter(
          (e) => !(e.url === url && (label === undefined || e.description === label)),
        ),
      })),
      ctx,
    ]);
  }

  /**
   * The description of an entity where DataHub's `updateDescription` writes it (DESCRIPTIONS), or of one
   * of a dataset's schema fields; other kinds are refused.
   */
  async setDescription(r: ResourceRef, description: string, ctx: WriteContext): Promise<void> {
    const type = this.registry.parseEntityUrn(r.urn).entity.name;
    const place = Object.hasOwn(DESCRIPTIONS, type) ? DESCRIPTIONS[type] : undefined;
    if (!place || (r.subResource && type !== 'dataset'))
      throw new BadRequestError(
        `updateDescription supports ${Object.keys(DESCRIPTIONS).join(', ')} and dataset schema fields; ${r.urn} is a ${type}`,
      );
    if (r.subResource) {
      await this.editLabels([r], 'description', ctx, () => ({ description }));
      return;
    }
    const { aspect, field = 'description', stamped, required } = place;
    const resource = await this.requireEntity(r.urn, aspect);
    await this.write([
      this.modify(resource, aspect, (cur) => {
        if (!cur && required)
          throw new BadRequestError(`Cannot update the description of ${resource}: it has no ${aspect}`);
        const start = cur ?? (type === 'tag' ? { name: resource.split(':').slice(3).join(':') } : {});
        return {
          ...start,
          [field]: description,
          ...(stamped
            ? { lastModified: this.stamp(ctx), ...(cur?.created ? {} : { created: this.stamp(ctx) }) }
            : {}),
        };
      }),
      ctx,
    ]);
  }

  /** Deprecation of several entities at once: all must exist, or nothing is written. */
  async setDeprecation(
    urns: readonly string[],
    d: { deprecated: boolean; decommissionTime?: number | null; note?: string | null },
    ctx: WriteContext,
  ): Promise<void> {
    if (!urns.length) throw new BadRequestError('No resources to update');
    const resources = await this.requireEntities(urns, ['deprecation']);
    const modify = deprecationModifier(d, ctx.actor);
    await this.ingest.ingest(
      resources.map((urn) => this.modify(urn, 'deprecation', modify)),
      ctx,
    );
  }

  /** DataHub's `updateDataset`: each part of the update given replaces its aspect; the dataset's URN. */
  async updateDataset(urn: string, update: DatasetUpdate, ctx: WriteContext): Promise<string> {
    const parsed = this.registry.parseEntityUrn(urn);
    if (parsed.entity.name !== 'dataset') throw new BadRequestError(`${urn} is not a dataset URN`);
    await this.replaceAspects(parsed.parsed.urn, datasetAspects(update, this.stamp(ctx)), ctx);
    return parsed.parsed.urn;
  }

  /** The display name of a dataset, glossary term, tag or group. */
  async updateName(urn: string, name: string, ctx: WriteContext): Promise<void> {
    if (!name.trim()) throw new BadRequestError('name must not be empty');
    const type = this.registry.parseEntityUrn(urn).entity.name;
    const target: Record<string, [string, string]> = {
      dataset: ['editableDatasetProperties', 'name'],
      glossaryTerm: ['glossaryTermInfo', 'name'],
      tag: ['tagProperties', 'name'],
      corpGroup: ['corpGroupInfo', 'displayName'],
    };
    const [aspect, field] = target[type] ?? [];
    if (!aspect || !field)
      throw new BadRequestError(`updateName supports ${Object.keys(target).join(', ')}; ${urn} is a ${type}`);
    const resource = await this.requireEntity(urn, aspect);
    if (aspect === 'glossaryTermInfo' && !(await this.aspectOf(resource, aspect)))
      throw new BadRequestError(`Glossary term ${urn} has no glossaryTermInfo to rename`);
    await this.write([
      this.modify(resource, aspect, (cur) => ({
        ...(aspect === 'corpGroupInfo' ? { admins: [], members: [], groups: [] } : {}),
        ...cur,
        [field]: name,
      })),
      ctx,
    ]);
  }

  /** Replaces whole aspects of an existing entity (DataHub's updateDataset and its kin). */
  private async replaceAspects(urn: string, aspects: Record<string, AspectModifier>, ctx: WriteContext) {
    const names = Object.keys(aspects);
    if (!names.length) return;
    const [resource] = (await this.requireEntities([urn], names)) as [string];
    await this.ingest.ingest(
      names.map((a) => this.modify(resource, a, aspects[a] as AspectModifier)),
      ctx,
    );
  }

  /**
   * Edits labels (`globalTags`, `glossaryTerms`) of entities, or of schema fields through their dataset's
   * `editableSchemaMetadata` (`description` edits a field's description): every resource must exist (and
   * every field be in its dataset's schema), then all are written in one batch. Edits of one aspect (two
   * fields of a dataset) are one read-modify-write.
   */
  private async editLabels(
    rs: readonly ResourceRef[],
    aspect: 'globalTags' | 'glossaryTerms' | 'description',
    ctx: WriteContext,
    edit: AspectModifier,
  ): Promise<void> {
    if (!rs.length) throw new BadRequestError('No resources given');
    for (const r of rs)
      if (r.subResource && r.subResourceType && r.subResourceType !== 'DATASET_FIELD')
        throw new BadRequestError(`Unsupported subResourceType ${r.subResourceType}`);
    const whole = rs.filter((r) => !r.subResource);
    const fields = rs.filter((r) => r.subResource);
    const edits = new AspectEdits();
    const add = (urn: string, name: string, m: AspectModifier) => edits.add(urn, name, m);
    const entities = await this.requireEntities(
      whole.map((r) => r.urn),
      aspect === 'description' ? [] : [aspect],
    );
    for (const urn of entities) add(urn, aspect, edit);
    const datasets = await this.requireEntities(
      fields.map((r) => r.urn),
      ['editableSchemaMetadata'],
    );
    const schemas = new Map(
      (await this.reads.entities([...new Set(datasets)], ['schemaMetadata'])).map((v) => [
        v.urn,
        list((v.aspects.schemaMetadata as EnvelopedAspect | undefined)?.value.fields).map((f) =>
          String(f.fieldPath),
        ),
      ]),
    );
    fields.forEach((r, i) => {
      const resource = datasets[i] as string;
      const fieldPath = r.subResource as string;
      const known = schemas.get(resource) ?? [];
      if (!known.some((p) => p === fieldPath || simplePath(p) === fieldPath))
        throw new BadRequestError(`Field ${fieldPath} does not exist in the schema of ${resource}`);
      add(resource, 'editableSchemaMetadata', (cur) => {
        const infos = list(cur?.editableSchemaFieldInfo);
        let info = infos.find((f) => f.fieldPath === fieldPath);
        if (!info) infos.push((info = { fieldPath }));
        if (aspect === 'description') Object.assign(info, edit(undefined));
        else info[aspect] = edit(info[aspect] as AspectJson | undefined);
        return {
          ...cur,
          editableSchemaFieldInfo: infos,
          lastModified: this.stamp(ctx),
          ...(cur?.created ? {} : { created: this.stamp(ctx) }),
        };
      });
    });
    await this.ingest.ingest(edits.proposals(), ctx);
  }
}

/**
 * Where DataHub's `updateDescription` writes each kind's description: the aspect and its field
 * (`description` unless named), whether it carries created/lastModified stamps, and whether the aspect
 * must exist already (its other fields are required).
 */
const DESCRIPTIONS: Readonly<
  Record<string, { aspect: string; field?: string; stamped?: boolean; required?: boolean }>
> = {
  dataset: { aspect: 'editableDatasetProperties', stamped: true },
  container: { aspect: 'editableContainerProperties' },
  domain: { aspect: 'domainProperties', required: true },
  glossaryTerm: { aspect: 'glossaryTermInfo', field: 'definition', required: true },
  glossaryNode: { aspect: 'glossaryNodeInfo', field: 'definition', required: true },
  tag: { aspect: 'tagProperties' },
  corpGroup: { aspect: 'corpGroupEditableInfo' },
  notebook: { aspect: 'editableNotebookProperties', stamped: true },
  mlModel: { aspect: 'editableMlModelProperties' },
  mlModelGroup: { aspect: 'editableMlModelGroupProperties' },
  mlFeature: { aspect: 'editableMlFeatureProperties' },
  mlFeatureTable: { aspect: 'editableMlFeatureTableProperties' },
  mlPrimaryKey: { aspect: 'editableMlPrimaryKeyProperties' },
  dataProduct: { aspect: 'dataProductProperties', required: true },
  businessAttribute: { aspect: 'businessAttributeInfo', required: true },
  application: { aspect: 'applicationProperties', required: true },
};

const ownerTypeUrn = (o: AspectJson): string =>
  typeof o.typeUrn === 'string'
    ? o.typeUrn
    : `${SYSTEM_TYPE_PREFIX}${String(o.type ?? 'none').toLowerCase()}`;
const sameType = (a: AspectJson, b: AspectJson): boolean => ownerTypeUrn(a) === ownerTypeUrn(b);

/** A v2 field path (`[version=2.0].[type=struct].a.[type=int].b`) as its simple form (`a.b`). */
function simplePath(p: string): string {
  return p
    .split('.')
    .filter((s) => !s.startsWith('['))
    .join('.');
}
