import { describe, expect, it } from 'vitest';
import {
  defaultBrowsePathsV2,
  defaultPathInstanceOf,
  defaultPlatform,
} from '../../src/services/default-aspects.js';
import { versionSetEntityType } from '../../src/services/version-sets.js';

describe('default aspects of a new entity (DataHub’s DefaultAspectsUtil)', () => {
  it('browsePathsV2: a dataset’s name parts but the last, on its platform’s delimiter', () => {
    const key = { platform: 'urn:li:dataPlatform:hive', name: 'db.schema.table', origin: 'PROD' };
    expect(defaultBrowsePathsV2('dataset', key)).toEqual({ path: [{ id: 'db' }, { id: 'schema' }] });
    const inst = 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:hive,db)';
    expect(defaultPathInstanceOf(key, '.')).toBe(inst);
    expect(defaultBrowsePathsV2('dataset', key, '.', true)).toEqual({
      path: [{ id: inst, urn: inst }, { id: 'schema' }],
    });
    const s3 = { platform: 'urn:li:dataPlatform:s3', name: 'bucket/dir//file.csv', origin: 'PROD' };
    expect(defaultBrowsePathsV2('dataset', s3, '/')).toEqual({ path: [{ id: 'bucket' }, { id: 'dir' }] });
    expect(defaultBrowsePathsV2('dataset', { ...key, name: 'single' })).toEqual({
      path: [{ id: 'Default' }],
    });
    expect(defaultPathInstanceOf({ ...key, name: 'single' }, '.')).toBeUndefined();
  });

  it('browsePathsV2: a data job under its flow; other kinds in the Default folder', () => {
    const flow = 'urn:li:dataFlow:(airflow,dag,prod)';
    expect(defaultBrowsePathsV2('dataJob', { flow, jobId: 't' })).toEqual({
      path: [{ id: flow, urn: flow }],
    });
    expect(defaultBrowsePathsV2('chart', { dashboardTool: 'looker', chartId: 'c' })).toEqual({
      path: [{ id: 'Default' }],
    });
  });

  it('dataPlatformInstance: the key’s platform, or its tool/orchestrator as a platform (lower-cased)', () => {
    expect(
      defaultPlatform('dataset', { platform: 'urn:li:dataPlatform:hive', name: 'x', origin: 'PROD' }),
    ).toBe('urn:li:dataPlatform:hive');
    expect(defaultPlatform('chart', { dashboardTool: 'Looker', chartId: 'c' })).toBe(
      'urn:li:dataPlatform:looker',
    );
    expect(defaultPlatform('dataFlow', { orchestrator: 'airflow', flowId: 'f', cluster: 'prod' })).toBe(
      'urn:li:dataPlatform:airflow',
    );
    expect(defaultPlatform('dataJob', { flow: 'urn:li:dataFlow:(Dagster,f,prod)', jobId: 'j' })).toBe(
      'urn:li:dataPlatform:dagster',
    );
    expect(
      defaultPlatform('mlModel', { platform: 'urn:li:dataPlatform:mlflow', name: 'm', origin: 'PROD' }),
    ).toBe('urn:li:dataPlatform:mlflow');
    expect(defaultPlatform('container', { guid: 'g' })).toBeUndefined();
  });

  it('a version set URN names its entity type', () => {
    expect(versionSetEntityType('urn:li:versionSet:(abc,mlModel)')).toBe('mlModel');
    expect(versionSetEntityType('urn:li:versionSet:(a,b,dataset)')).toBe('dataset');
    expect(versionSetEntityType('urn:li:versionSet:abc')).toBeUndefined();
  });
});
