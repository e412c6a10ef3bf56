// Schemas of the common records, transcribed from DataHub's published aspect models (field names, types,
// optionality and defaults are wire facts). Generated once by a throwaway script; edit by hand from now on.
import { array, boolean, enumOf, map, optional, record, string, time, urn, withDefault } from '../schema.js';

export const AccessLevel = enumOf('com.linkedin.common.AccessLevel', ['PUBLIC', 'PRIVATE']);

/** The default AuditStamp of DataHub's models: an unknown actor at time 0. */
export const UNKNOWN_STAMP = { actor: 'urn:li:corpuser:unknown', time: 0 };

export const AuditStamp = record('com.linkedin.common.AuditStamp', {
  time,
  actor: urn(),
  impersonator: optional(urn()),
  message: optional(string),
});

export const ChangeAuditStamps = record('com.linkedin.common.ChangeAuditStamps', {
  created: withDefault(AuditStamp, UNKNOWN_STAMP),
  lastModified: withDefault(AuditStamp, UNKNOWN_STAMP),
  deleted: optional(AuditStamp),
});

export const Edge = record('com.linkedin.common.Edge', {
  sourceUrn: optional(urn()),
  destinationUrn: urn(),
  created: optional(AuditStamp),
  lastModified: optional(AuditStamp),
  properties: optional(map(string)),
});

export const BrowsePathEntry = record('com.linkedin.common.BrowsePathEntry', {
  id: string,
  urn: optional(urn()),
});

export const BrowsePaths = record('com.linkedin.common.BrowsePaths', {
  paths: array(string),
});

export const BrowsePathsV2 = record('com.linkedin.common.BrowsePathsV2', {
  path: array(BrowsePathEntry),
});

export const DataPlatformInstance = record('com.linkedin.common.DataPlatformInstance', {
  platform: urn(),
  instance: optional(urn()),
});

export const Deprecation = record('com.linkedin.common.Deprecation', {
  deprecated: boolean,
  decommissionTime: optional(time),
  note: string,
  actor: urn(),
  replacement: optional(urn()),
});

export const FabricType = enumOf('com.linkedin.common.FabricType', [
  'DEV',
  'TEST',
  'QA',
  'UAT',
  'EI',
  'PRE',
  'STG',
  'NON_PROD',
  'PROD',
  'CORP',
  'RVW',
  'PRD',
  'TST',
  'SIT',
  'SBX',
  'SANDBOX',
  'CERT',
]);

export const MetadataAttribution = record('com.linkedin.common.MetadataAttribution', {
  time,
  actor: urn(),
  source: optional(urn()),
  sourceDetail: withDefault(map(string), {}),
});

export const TagAssociation = record('com.linkedin.common.TagAssociation', {
  tag: urn('tag'),
  context: optional(string),
  attribution: optional(MetadataAttribution),
});

export const GlobalTags = record('com.linkedin.common.GlobalTags', {
  tags: array(TagAssociation),
});

export const GlossaryTermAssociation = record('com.linkedin.common.GlossaryTermAssociation', {
  urn: urn('glossaryTerm'),
  actor: optional(urn()),
  context: optional(string),
  attribution: optional(MetadataAttribution),
});

export const GlossaryTerms = record('com.linkedin.common.GlossaryTerms', {
  terms: array(GlossaryTermAssociation),
  auditStamp: AuditStamp,
});

export const InstitutionalMemoryMetadataSettings = record(
  'com.linkedin.common.InstitutionalMemoryMetadataSettings',
  {
    showInAssetPreview: withDefault(boolean, false),
  },
);

export const InstitutionalMemoryMetadata = record('com.linkedin.common.InstitutionalMemoryMetadata', {
  url: string,
  description: string,
  createStamp: AuditStamp,
  updateStamp: optional(AuditStamp),
  settings: optional(InstitutionalMemoryMetadataSettings),
});

export const InstitutionalMemory = record('com.linkedin.common.InstitutionalMemory', {
  elements: array(InstitutionalMemoryMetadata),
});

export const MLFeatureDataType = enumOf('com.linkedin.common.MLFeatureDataType', [
  'USELESS',
  'NOMINAL',
  'ORDINAL',
  'BINARY',
  'COUNT',
  'TIME',
  'INTERVAL',
  'IMAGE',
  'VIDEO',
  'AUDIO',
  'TEXT',
  'MAP',
  'SEQUENCE',
  'SET',
  'CONTINUOUS',
  'BYTE',
  'UNKNOWN',
]);

export const OwnershipSourceType = enumOf('com.linkedin.common.OwnershipSourceType', [
  'AUDIT',
  'DATABASE',
  'FILE_SYSTEM',
  'ISSUE_TRACKING_SYSTEM',
  'MANUAL',
  'SERVICE',
  'SOURCE_CONTROL',
  'OTHER',
]);

export const OwnershipSource = record('com.linkedin.common.OwnershipSource', {
  type: OwnershipSourceType,
  url: optional(string),
});

export const OwnershipType = enumOf('com.linkedin.common.OwnershipType', [
  'CUSTOM',
  'TECHNICAL_OWNER',
  'BUSINESS_OWNER',
  'DATA_STEWARD',
  'NONE',
  'DEVELOPER',
  'DATAOWNER',
  'DELEGATE',
  'PRODUCER',
  'CONSUMER',
  'STAKEHOLDER',
]);

export const Owner = record('com.linkedin.common.Owner', {
  owner: urn('corpuser', 'corpGroup'),
  type: OwnershipType,
  typeUrn: optional(urn('ownershipType')),
  source: optional(OwnershipSource),
  attribution: optional(MetadataAttribution),
});

export const Ownership = record('com.linkedin.common.Ownership', {
  owners: array(Owner),
  ownerTypes: withDefault(map(array(string)), {}),
  lastModified: withDefault(AuditStamp, UNKNOWN_STAMP),
});

export const Status = record('com.linkedin.common.Status', {
  removed: withDefault(boolean, false),
  lifecycleStage: optional(urn()),
  lifecycleLastUpdated: optional(AuditStamp),
});

export const SubTypes = record('com.linkedin.common.SubTypes', {
  typeNames: array(string),
});

export const TimeStamp = record('com.linkedin.common.TimeStamp', {
  time,
  actor: optional(urn()),
});

export const VersionTag = record('com.linkedin.common.VersionTag', {
  versionTag: optional(string),
  metadataAttribution: optional(MetadataAttribution),
});
