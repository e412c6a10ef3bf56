import { describe, expect, it } from 'vitest';
import { REDACTED, redactSetting } from '../../src/auth/index.js';
import { configProperties, loadConfig } from '../../src/config.js';

describe('redactSetting', () => {
  it('hides settings named like secrets, switches excepted', () => {
    for (const key of [
      'NEO4J_PASSWORD',
      'NEOHUB_ROOT_TOKEN',
      'NEOHUB_ROOT_PASSWORD',
      'SECRET_SERVICE_ENCRYPTION_KEY',
      'MEILI_MASTER_KEY',
      'some.api-key',
      'x.credential',
    ])
      expect(redactSetting(key, 'abc'), key).toBe(REDACTED);
    expect(redactSetting('NEOHUB_AUTH', 'true')).toBe('true');
    expect(redactSetting('NEOHUB_MAX_PAGE_SIZE', '10000')).toBe('10000');
    expect(redactSetting('NEOHUB_ROOT_TOKEN', null)).toBeNull();
  });

  it('hides the user and password of a URL in any value', () => {
    expect(redactSetting('NEO4J_URI', 'neo4j+s://me:pw@db.example:7687')).toBe(
      `neo4j+s://${REDACTED}@db.example:7687`,
    );
    expect(redactSetting('MEILI_HOST', 'http://127.0.0.1:7700')).toBe('http://127.0.0.1:7700');
  });
});

describe('configProperties', () => {
  it('names every setting by its variable, with its value and whether the environment set it', () => {
    const env = {
      NEOHUB_MAX_PAGE_SIZE: '500',
      NEOHUB_ROOT_TOKEN: 'tok',
      UI_INGESTION_DEFAULT_CLI_VERSION: '',
    };
    const props = configProperties(loadConfig(env, '/tmp'), env);
    const by = Object.fromEntries(props.map((p) => [p.key, p]));
    expect(props.map((p) => p.key)).toEqual([...props.map((p) => p.key)].sort());
    expect(by.NEOHUB_MAX_PAGE_SIZE).toEqual({
      key: 'NEOHUB_MAX_PAGE_SIZE',
      value: '500',
      fromEnvironment: true,
    });
    expect(by.NEOHUB_ROOT_TOKEN).toMatchObject({ value: 'tok', fromEnvironment: true });
    expect(by.PORT).toEqual({ key: 'PORT', value: '8080', fromEnvironment: false });
    expect(by.NEO4J_URI).toMatchObject({ value: null, fromEnvironment: false });
    // The default CLI version follows the reported version, without its `v`.
    expect(by.UI_INGESTION_DEFAULT_CLI_VERSION).toMatchObject({ value: '1.4.0', fromEnvironment: false });
  });
});
