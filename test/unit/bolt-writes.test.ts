import { describe, expect, it } from 'vitest';
import { corkBoltWrites } from '../../src/store/bolt-writes.js';

describe('corkBoltWrites', () => {
  it("finds the driver's socket channel (a driver upgrade that moves it must be noticed)", () => {
    expect(corkBoltWrites()).toBe(true);
    expect(corkBoltWrites()).toBe(true);
  });
});
