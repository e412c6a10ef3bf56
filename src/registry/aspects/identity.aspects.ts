// The identity aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed from the pinned client's schemas; edit by hand from now on).
import type { AspectSpec } from '../types.js';
import {
  CorpGroupEditableInfo,
  CorpGroupInfo,
  CorpUserEditableInfo,
  CorpUserInfo,
  CorpUserStatus,
} from './identity.js';
import {
  createdTimeSearch,
  customPropertiesSearch,
  displayNameSearch,
  editedDescriptionSearch,
} from './shared.aspects.js';

export const IDENTITY_ASPECTS: readonly AspectSpec[] = [
  {
    name: 'corpUserInfo',
    schema: CorpUserInfo,
    relationships: [{ path: 'managerUrn', name: 'ReportsTo', entityTypes: ['corpuser'] }],
    searchable: [
      customPropertiesSearch,
      { path: 'active', fieldName: 'active', fieldType: 'BOOLEAN', queryByDefault: false },
      displayNameSearch,
      { path: 'email', fieldName: 'email', fieldType: 'KEYWORD', queryByDefault: true },
      { path: 'title', fieldName: 'title', fieldType: 'KEYWORD', queryByDefault: true },
      { path: 'managerUrn', fieldName: 'managerLdap', fieldType: 'URN', queryByDefault: false },
      {
        path: 'fullName',
        fieldName: 'fullName',
        fieldType: 'WORD_GRAM',
        queryByDefault: true,
        enableAutocomplete: true,
        boostScore: 10.0,
      },
      { path: 'system', fieldName: 'system', fieldType: 'BOOLEAN', queryByDefault: false },
      { path: 'isSupportUser', fieldName: 'isSupportUser', fieldType: 'BOOLEAN', queryByDefault: false },
    ],
  },
  {
    name: 'corpUserEditableInfo',
    schema: CorpUserEditableInfo,
    relationships: [
      { path: 'platforms/*', name: 'IsUserOf', entityTypes: ['dataPlatform'] },
      { path: 'persona', name: 'IsPersona', entityTypes: ['dataHubPersona'] },
    ],
    searchable: [
      { path: 'teams/*', fieldName: 'teams', fieldType: 'TEXT', queryByDefault: true },
      { path: 'skills/*', fieldName: 'skills', fieldType: 'TEXT', queryByDefault: true },
      {
        path: 'displayName',
        fieldName: 'displayName',
        fieldType: 'WORD_GRAM',
        queryByDefault: true,
        boostScore: 10.0,
      },
    ],
  },
  {
    name: 'corpUserStatus',
    schema: CorpUserStatus,
    searchable: [
      { path: 'status', fieldName: 'status', fieldType: 'KEYWORD', queryByDefault: false },
      {
        path: 'lastModified/time',
        fieldName: 'statusLastModifiedAt',
        fieldType: 'COUNT',
        queryByDefault: false,
      },
    ],
  },
  {
    name: 'corpGroupInfo',
    schema: CorpGroupInfo,
    relationships: [
      { path: 'members/*', name: 'IsPartOf', entityTypes: ['corpuser'] },
      { path: 'groups/*', name: 'IsPartOf', entityTypes: ['corpGroup'] },
      { path: 'admins/*', name: 'OwnedBy', entityTypes: ['corpuser'] },
    ],
    searchable: [
      {
        path: 'displayName',
        fieldName: 'displayName',
        fieldType: 'TEXT_PARTIAL',
        queryByDefault: true,
        enableAutocomplete: true,
        boostScore: 10.0,
      },
      {
        path: 'description',
        fieldName: 'description',
        fieldType: 'TEXT_PARTIAL',
        queryByDefault: true,
        hasValuesFieldName: 'hasDescription',
      },
      createdTimeSearch,
    ],
  },
  { name: 'corpGroupEditableInfo', schema: CorpGroupEditableInfo, searchable: [editedDescriptionSearch] },
];
