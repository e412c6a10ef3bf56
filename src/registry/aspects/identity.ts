// Schemas of the identity records, transcribed from DataHub's published aspect models (field names, types,
// optionality and defaults are wire facts). Generated once by a throwaway script; edit by hand from now on.
import { array, boolean, long, map, optional, record, string, urn, withDefault } from '../schema.js';
import { AuditStamp } from './common.js';

export const CorpGroupEditableInfo = record('com.linkedin.identity.CorpGroupEditableInfo', {
  description: optional(string),
  pictureLink: withDefault(
    string,
    'https://raw.githubusercontent.com/datahub-project/datahub/master/datahub-web-react/src/images/default_avatar.png',
  ),
  slack: optional(string),
  email: optional(string),
});

export const CorpGroupInfo = record('com.linkedin.identity.CorpGroupInfo', {
  displayName: optional(string),
  email: optional(string),
  admins: array(urn('corpuser')),
  members: array(urn('corpuser')),
  groups: array(urn('corpGroup')),
  description: optional(string),
  slack: optional(string),
  created: optional(AuditStamp),
});

export const CorpUserEditableInfo = record('com.linkedin.identity.CorpUserEditableInfo', {
  aboutMe: optional(string),
  teams: withDefault(array(string), []),
  skills: withDefault(array(string), []),
  pictureLink: withDefault(string, 'assets/platforms/default_avatar.png'),
  displayName: optional(string),
  title: optional(string),
  platforms: optional(array(urn('dataPlatform'))),
  persona: optional(urn('dataHubPersona')),
  slack: optional(string),
  phone: optional(string),
  email: optional(string),
  informationSources: optional(array(urn())),
});

export const CorpUserInfo = record('com.linkedin.identity.CorpUserInfo', {
  customProperties: withDefault(map(string), {}),
  active: boolean,
  displayName: optional(string),
  email: optional(string),
  title: optional(string),
  managerUrn: optional(urn('corpuser')),
  departmentId: optional(long),
  departmentName: optional(string),
  firstName: optional(string),
  lastName: optional(string),
  fullName: optional(string),
  countryCode: optional(string),
  system: withDefault(boolean, false),
  isSupportUser: optional(boolean),
});

export const CorpUserStatus = record('com.linkedin.identity.CorpUserStatus', {
  status: string,
  lastModified: AuditStamp,
});
