import { getOwn, isJsonObject, lookup, type JsonObject } from '../../json/index.js';
import { DEFAULT_OPENLINEAGE_SETTINGS, type OpenLineageSettings } from './settings.js';

/** URI schemes whose platform has another name in DataHub. */
const PLATFORM_BY_SCHEME: Readonly<Record<string, string>> = { awsathena: 'athena', sqlserver: 'mssql' };

/** File systems and buckets: their URI schemes and DataHub's platform of each. */
const FILE_SYSTEMS: readonly (readonly [readonly string[], string])[] = [
  [['s3', 's3a', 's3n'], 's3'],
  [['gs', 'gcs'], 'gcs'],
  [['abfs', 'abfss'], 'abs'],
  [['wasb', 'wasbs'], 'abs'],
  [['dbfs'], 'dbfs'],
  [['file'], 'file'],
];
const isFileSystem = (scheme: string): boolean =>
  FILE_SYSTEMS.some(([prefixes]) => prefixes.includes(scheme));
/** The platform of a file-system scheme; any other scheme there is HDFS. */
const fileSystemPlatform = (scheme: string): string =>
  FILE_SYSTEMS.find(([prefixes]) => prefixes.includes(scheme))?.[1] ?? 'hdfs';

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
/** Characters a URI never holds unescaped: such a dataset is left out, as DataHub leaves it out. */
const NOT_URI = /[\s"<>\\^`{|}]|%(?![0-9A-Fa-f]{2})/;

/** A dataset URN in the settings' environment, its name prefixed with a platform instance when there is one. */
export const datasetUrn = (
  platform: string,
  name: string,
  instance: string | undefined,
  settings: OpenLineageSettings,
): string =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},${instance ? `${instance}.${name}` : name},${settings.datasetEnv})`;

/**
 * A file or bucket path as DataHub names its dataset: the platform from the scheme (s3, gcs, abs, dbfs,
 * file), the name the path after `scheme://` without trailing slashes, a bucket's without its leading
 * slash (a local file keeps it); a URI that is not `scheme://rest` is an HDFS dataset named by it whole.
 */
function fileDataset(uri: string): { platform: string; name: string } {
  const path = uri.replace(/\/+$/, '');
  const parts = path.split('://');
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length !== 2) return { platform: 'hdfs', name: path };
  const platform = fileSystemPlatform(parts[0]!);
  return { platform, name: platform === 'file' ? parts[1]! : parts[1]!.replace(/^\//, '') };
}

/**
 * DataHub's dataset URN of an OpenLineage dataset namespace and name (its OpenLineage converter's rules,
 * default settings): a namespace with `://` is a URI whose scheme names the platform (`postgres://host:5432`
 * gives postgres, `awsathena` athena, `sqlserver` mssql) and whose name is the dataset's, except file
 * systems and buckets, named by their path (`fileDataset`); a bare namespace is the platform itself
 * (`file`, `hive`, `bigquery`). Undefined when namespace and name make no URI (DataHub leaves it out).
 * The environment is the settings' dataset environment; a dataset named by a path takes the settings'
 * platform instance (the flows'), any other their dataset platform instance, as DataHub's converter does.
 */
export function datasetUrnOf(
  namespace: string,
  name: string,
  settings: OpenLineageSettings = DEFAULT_OPENLINEAGE_SETTINGS,
): string | undefined {
  if (!namespace.includes('://'))
    return datasetUrn(namespace, name, settings.datasetPlatformInstance, settings);
  const uri = !namespace.endsWith('/') && !name.startsWith('/') ? `${namespace}/${name}` : namespace + name;
  const scheme = SCHEME.exec(uri)?.[1];
  if (!scheme || NOT_URI.test(uri)) return undefined;
  const platform = lookup(PLATFORM_BY_SCHEME, scheme) ?? scheme;
  if (!isFileSystem(platform)) return datasetUrn(platform, name, settings.datasetPlatformInstance, settings);
  const file = fileDataset(uri);
  return datasetUrn(file.platform, file.name, settings.platformInstance, settings);
}

/**
 * The URN of a dataset of a run event: its `symlinks` facet's TABLE identifier when it has one (a Glue
 * catalog's `arn:aws:glue:` namespace as glue, any other as hive; a `table/db/name` as `db.name`), else
 * its namespace and name (`datasetUrnOf`).
 */
export function olDatasetUrn(
  namespace: string,
  name: string,
  facets: JsonObject,
  settings: OpenLineageSettings = DEFAULT_OPENLINEAGE_SETTINGS,
): string | undefined {
  const symlinks = getOwn(facets, 'symlinks');
  const identifiers = isJsonObject(symlinks) ? getOwn(symlinks, 'identifiers') : undefined;
  let ns = namespace;
  let table = name;
  for (const id of Array.isArray(identifiers) ? identifiers : []) {
    if (!isJsonObject(id) || getOwn(id, 'type') !== 'TABLE') continue;
    const idNs = getOwn(id, 'namespace');
    const idName = getOwn(id, 'name');
    if (typeof idNs !== 'string' || typeof idName !== 'string') continue;
    ns = idNs.startsWith('aws:glue:') || idNs.startsWith('arn:aws:glue:') ? 'glue' : 'hive';
    table = idName.startsWith('table/') ? idName.slice('table/'.length).replaceAll('/', '.') : idName;
  }
  return datasetUrnOf(ns, table, settings);
}

/** The platform URN of a dataset URN this module made. */
export const platformOf = (urn: string): string =>
  urn.slice('urn:li:dataset:('.length, urn.indexOf(',', 'urn:li:dataset:('.length));
