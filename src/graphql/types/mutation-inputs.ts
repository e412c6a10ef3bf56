import {
  ArrayNotEmpty,
  IsDefined,
  IsEmpty,
  IsNotEmpty,
  IsOptional,
  IsUrl,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { OwnershipType } from './common.js';
import { stringEnum } from './enums.js';
import { Long } from './scalars.js';

export const SubResourceType = stringEnum('SubResourceType', ['DATASET_FIELD']);
export type SubResourceType = keyof typeof SubResourceType;
export const OwnerEntityType = stringEnum('OwnerEntityType', ['CORP_USER', 'CORP_GROUP']);
export type OwnerEntityType = keyof typeof OwnerEntityType;

/** Descriptions and notes may be long markdown, but not unbounded. */
const MAX_TEXT = 100_000;

@InputType()
export class TagAssociationInput {
  @Field(() => String) tagUrn!: string;
  @Field(() => String) resourceUrn!: string;
  @Field(() => SubResourceType, { nullable: true }) subResourceType?: SubResourceType;
  @Field(() => String, { nullable: true }) subResource?: string;
}

@InputType()
export class AddTagsInput {
  @Field(() => [String]) @ArrayNotEmpty() tagUrns!: string[];
  @Field(() => String) resourceUrn!: string;
  @Field(() => SubResourceType, { nullable: true }) subResourceType?: SubResourceType;
  @Field(() => String, { nullable: true }) subResource?: string;
}

@InputType()
export class TermAssociationInput {
  @Field(() => String) termUrn!: string;
  @Field(() => String) resourceUrn!: string;
  @Field(() => SubResourceType, { nullable: true }) subResourceType?: SubResourceType;
  @Field(() => String, { nullable: true }) subResource?: string;
}

@InputType()
export class AddTermsInput {
  @Field(() => [String]) @ArrayNotEmpty() termUrns!: string[];
  @Field(() => String) resourceUrn!: string;
  @Field(() => SubResourceType, { nullable: true }) subResourceType?: SubResourceType;
  @Field(() => String, { nullable: true }) subResource?: string;
}

@InputType()
export class OwnerInput {
  @Field(() => String) ownerUrn!: string;
  @Field(() => OwnerEntityType) ownerEntityType!: OwnerEntityType;
  @Field(() => OwnershipType, { nullable: true, deprecationReason: 'Use ownershipTypeUrn' })
  type?: string;
  @Field(() => String, { nullable: true }) ownershipTypeUrn?: string;
}

@InputType()
export class AddOwnerInput extends OwnerInput {
  @Field(() => String) resourceUrn!: string;
}

@InputType()
export class AddOwnersInput {
  @Field(() => [OwnerInput]) @ArrayNotEmpty() owners!: OwnerInput[];
  @Field(() => String) resourceUrn!: string;
}

@InputType()
export class RemoveOwnerInput {
  @Field(() => String) ownerUrn!: string;
  @Field(() => String, { nullable: true }) ownershipTypeUrn?: string;
  @Field(() => String) resourceUrn!: string;
}

@InputType()
export class LinkSettingsInput {
  @Field(() => Boolean, { nullable: true }) showInAssetPreview?: boolean;
}

@InputType()
export class AddLinkInput {
  @Field(() => String)
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'linkUrl must be a URL' })
  linkUrl!: string;
  @Field(() => String) @MaxLength(MAX_TEXT) label!: string;
  @Field(() => String) resourceUrn!: string;
  @Field(() => LinkSettingsInput, { nullable: true }) settings?: LinkSettingsInput;
}

@InputType()
export class RemoveLinkInput {
  @Field(() => String) linkUrl!: string;
  @Field(() => String, { nullable: true }) label?: string;
  @Field(() => String) resourceUrn!: string;
}

@InputType()
export class DescriptionUpdateInput {
  @Field(() => String) @MaxLength(MAX_TEXT) description!: string;
  @Field(() => String) resourceUrn!: string;
  @Field(() => SubResourceType, { nullable: true }) subResourceType?: SubResourceType;
  @Field(() => String, { nullable: true }) subResource?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(MAX_TEXT) proposalNote?: string;
}

@InputType()
export class ResourceRefInput {
  @Field(() => String) resourceUrn!: string;
  @Field(() => SubResourceType, { nullable: true }) subResourceType?: SubResourceType;
  @Field(() => String, { nullable: true }) subResource?: string;
}

@InputType()
export class UpdateDeprecationInput {
  @Field(() => String) urn!: string;
  /** DataHub deprecates a schema field with these; neohub refuses them rather than deprecate the whole entity. */
  @Field(() => SubResourceType, { nullable: true })
  @IsEmpty({ message: 'Deprecating a schema field (subResourceType) is not supported' })
  subResourceType?: SubResourceType;
  @Field(() => String, { nullable: true })
  @IsEmpty({ message: 'Deprecating a schema field (subResource) is not supported' })
  subResource?: string;
  @Field(() => Boolean) deprecated!: boolean;
  @Field(() => Long, { nullable: true }) decommissionTime?: number;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(MAX_TEXT) note?: string;
  /** The URN of the entity that replaces the deprecated one. */
  @Field(() => String, { nullable: true }) replacement?: string;
}

@InputType()
export class BatchUpdateDeprecationInput {
  @Field(() => Boolean) deprecated!: boolean;
  @Field(() => Long, { nullable: true }) decommissionTime?: number;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(MAX_TEXT) note?: string;
  /** `[ResourceRefInput]!` as in DataHub; a null item is refused (BAD_REQUEST) before the resolver runs. */
  @Field(() => [ResourceRefInput], { nullable: 'items' })
  @ArrayNotEmpty()
  @IsDefined({ each: true, message: 'resources must not contain null' })
  resources!: ResourceRefInput[];
  @Field(() => String, { nullable: true }) replacement?: string;
}

@InputType()
export class CreateTagInput {
  @Field(() => String, { nullable: true }) id?: string;
  @Field(() => String) @IsNotEmpty() name!: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(MAX_TEXT) description?: string;
}

@InputType()
export class UpdateNameInput {
  @Field(() => String) @IsNotEmpty() name!: string;
  @Field(() => String) urn!: string;
}

// ---- updateDataset

@InputType()
export class DatasetEditablePropertiesUpdate {
  @Field(() => String) @MaxLength(MAX_TEXT) description!: string;
  @Field(() => String, { nullable: true }) name?: string;
}

@InputType()
export class InstitutionalMemoryMetadataUpdate {
  @Field(() => String)
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'url must be a URL' })
  url!: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String) author!: string;
  @Field(() => Long, { nullable: true }) createdAt?: number;
}

@InputType()
export class InstitutionalMemoryUpdate {
  @Field(() => [InstitutionalMemoryMetadataUpdate])
  @ValidateNested({ each: true })
  elements!: InstitutionalMemoryMetadataUpdate[];
}

@InputType()
export class DatasetDeprecationUpdate {
  @Field(() => Boolean) deprecated!: boolean;
  @Field(() => Long, { nullable: true }) decommissionTime?: number;
  @Field(() => String) note!: string;
}

@InputType()
export class OwnerUpdate {
  @Field(() => String) owner!: string;
  @Field(() => OwnerEntityType, { nullable: true }) ownerEntityType?: OwnerEntityType;
  @Field(() => OwnershipType, { nullable: true }) type?: string;
  @Field(() => String, { nullable: true }) ownershipTypeUrn?: string;
}

@InputType()
export class OwnershipUpdate {
  @Field(() => [OwnerUpdate]) owners!: OwnerUpdate[];
}

@InputType()
export class TagUpdateInput {
  @Field(() => String) urn!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => OwnershipUpdate, { nullable: true }) ownership?: OwnershipUpdate;
}

@InputType()
export class TagAssociationUpdate {
  @Field(() => TagUpdateInput) tag!: TagUpdateInput;
}

@InputType()
export class GlobalTagsUpdate {
  @Field(() => [TagAssociationUpdate], { nullable: true }) tags?: TagAssociationUpdate[];
}

@InputType()
export class EditableSchemaFieldInfoUpdate {
  @Field(() => String) fieldPath!: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => GlobalTagsUpdate, { nullable: true }) globalTags?: GlobalTagsUpdate;
}

@InputType()
export class EditableSchemaMetadataUpdate {
  @Field(() => [EditableSchemaFieldInfoUpdate]) editableSchemaFieldInfo!: EditableSchemaFieldInfoUpdate[];
}

@InputType()
export class DatasetUpdateInput {
  @Field(() => OwnershipUpdate, { nullable: true }) ownership?: OwnershipUpdate;
  @Field(() => DatasetDeprecationUpdate, { nullable: true }) deprecation?: DatasetDeprecationUpdate;
  @Field(() => InstitutionalMemoryUpdate, { nullable: true })
  @ValidateNested()
  institutionalMemory?: InstitutionalMemoryUpdate;
  @Field(() => GlobalTagsUpdate, { nullable: true, deprecationReason: 'Use tags' })
  globalTags?: GlobalTagsUpdate;
  @Field(() => GlobalTagsUpdate, { nullable: true }) tags?: GlobalTagsUpdate;
  @Field(() => EditableSchemaMetadataUpdate, { nullable: true })
  editableSchemaMetadata?: EditableSchemaMetadataUpdate;
  @Field(() => DatasetEditablePropertiesUpdate, { nullable: true })
  @ValidateNested()
  editableProperties?: DatasetEditablePropertiesUpdate;
}
