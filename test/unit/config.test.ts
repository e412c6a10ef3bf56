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
