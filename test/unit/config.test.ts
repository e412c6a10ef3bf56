import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('config: NEOHUB_NEO4J_JVM_FLAGS', () => {
  it('is a list of JVM options separated by spaces, empty by default', () => {
    expect(loadConfig({}).localJvmFlags).toEqual([]);
    expect(
      loadConfig({ NEOHUB_NEO4J_JVM_FLAGS: ' -XX:TieredStopAtLevel=1   -XX:+UseParallelGC ' }).localJvmFlags,
    ).toEqual(['-XX:TieredStopAtLevel=1', '-XX:+UseParallelGC']);
  });

  it('refuses a word that is not an option, which the JVM would take for the class to run', () => {
    expect(() => loadConfig({ NEOHUB_NEO4J_JVM_FLAGS: '-Xss2m Evil' })).toThrow(
      /NEOHUB_NEO4J_JVM_FLAGS must hold JVM options \(each starts with "-"\), got "Evil"/,
    );
  });
});

describe('config: LOG_LEVEL', () => {
  it('names one of the levels, in any case; info when unset', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: ' warn ' }).logLevel).toBe('warn');
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
  });

  it('refuses a level that does not exist instead of logging at another', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of trace, debug/);
  });
});
