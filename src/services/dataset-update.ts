import type { AspectJson, AspectModifier } from './proposal.js';
import { linkRow, ownerRow, type OwnerRef } from './edit-rows.js';

type Maybe<T> = T | null | undefined;

/** Tags as DataHub's update inputs give them. */
export interface TagsUpdate {
  readonly tags?: Maybe<readonly { readonly tag: { readonly urn: string } }[]>;
}

/** DataHub's `updateDataset` input: each part present replaces that aspect. */
export interface DatasetUpdate {
  readonly editableProperties?: Maybe<{
    readonly description?: Maybe<string>;
    readonly name?: Maybe<string>;
  }>;
  readonly institutionalMemory?: Maybe<{
    readonly elements: readonly {
      readonly url: string;
      readonly description?: Maybe<string>;
      readonly author?: Maybe<string>;
      readonly createdAt?: Maybe<number>;
    }[];
  }>;
  readonly deprecation?: Maybe<Deprecation>;
  readonly ownership?: Maybe<{
    readonly owners: readonly (OwnerRef & { readonly ownershipTypeUrn?: Maybe<string> })[];
  }>;
  readonly tags?: Maybe<TagsUpdate>;
  readonly editableSchemaMetadata?: Maybe<{
    readonly editableSchemaFieldInfo: readonly {
      readonly fieldPath: string;
      readonly description?: Maybe<string>;
      readonly globalTags?: Maybe<TagsUpdate>;
    }[];
  }>;
}

export interface Deprecation {
  readonly deprecated: boolean;
  readonly note?: Maybe<string>;
  readonly decommissionTime?: Maybe<number>;
}

/** The deprecation aspect of an edit: the note defaults to '', the replacement already stored stays. */
export function deprecationModifier(d: Deprecation, actor: string): AspectModifier {
  const value: AspectJson = {
    deprecated: d.deprecated,
    note: d.note ?? '',
    actor,
    ...(d.decommissionTime !== undefined && d.decommissionTime !== null
      ? { decommissionTime: d.decommissionTime }
      : {}),
  };
  return (cur) => ({
    ...(cur?.replacement !== undefined ? { replacement: cur.replacement } : {}),
    ...value,
  });
}

/** The owners of an update input, replacing those stored (DataHub's `OwnershipUpdate`). */
export function ownershipModifier(
  ownership: NonNullable<DatasetUpdate['ownership']>,
  stamp: { time: number; actor: string },
): AspectModifier {
  return (cur) => ({
    ...cur,
    owners: ownership.owners.map((o) =>
      ownerRow({ owner: o.owner, type: o.type ?? undefined, typeUrn: o.ownershipTypeUrn ?? o.typeUrn }),
    ),
    lastModified: stamp,
  });
}

export const tagsValue = (u: TagsUpdate): AspectJson => ({
  tags: (u.tags ?? []).map((t) => ({ tag: t.tag.urn })),
});

/** The aspects an `updateDataset` replaces, each as a function of its current value. */
export function datasetAspects(
  u: DatasetUpdate,
  stamp: { time: number; actor: string },
): Record<string, AspectModifier> {
  const out: Record<string, AspectModifier> = {};
  const props = u.editableProperties;
  if (props)
    out.editableDatasetProperties = (cur) => ({
      ...cur,
      description: props.description,
      ...(props.name !== undefined && props.name !== null ? { name: props.name } : {}),
      created: cur?.created ?? stamp,
      lastModified: stamp,
    });
  const memory = u.institutionalMemory;
  if (memory)
    out.institutionalMemory = () => ({
      elements: memory.elements.map((e) =>
        linkRow(
          {
            url: e.url,
            description: e.description ?? '',
            actor: e.author ?? undefined,
            time: e.createdAt ?? undefined,
          },
          stamp,
        ),
      ),
    });
  if (u.deprecation) out.deprecation = deprecationModifier(u.deprecation, stamp.actor);
  if (u.ownership) out.ownership = ownershipModifier(u.ownership, stamp);
  if (u.tags) {
    const tags = u.tags;
    out.globalTags = () => tagsValue(tags);
  }
  const schema = u.editableSchemaMetadata;
  if (schema)
    out.editableSchemaMetadata = (cur) => ({
      editableSchemaFieldInfo: schema.editableSchemaFieldInfo.map((f) => ({
        fieldPath: f.fieldPath,
        ...(f.description !== undefined && f.description !== null ? { description: f.description } : {}),
        ...(f.globalTags ? { globalTags: tagsValue(f.globalTags) } : {}),
      })),
      created: cur?.created ?? stamp,
      lastModified: stamp,
    });
  return out;
}
