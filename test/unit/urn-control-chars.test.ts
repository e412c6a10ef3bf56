import { describe, expect, it } from 'vitest';
import { entityTypeOf, isControlCharacter, parseUrn } from '../../src/urn/index.js';

const hex = (code: number): string => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** Every code point URNs refuse: C0, DEL, C1 and the bidirectional formatting characters. */
const REFUSED = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  0x7f,
  ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
  0x061c,
  0x200e,
  0x200f,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
];

describe('URNs refuse control and bidirectional formatting characters', () => {
  it('refuses each of them, naming its code point, wherever it sits', () => {
    for (const code of REFUSED) {
      const ch = String.fromCharCode(code);
      for (const urn of [
        `urn:li:corpuser:editor${ch}`,
        `urn:li:corpuser:${ch}editor`,
        `urn:li:dataset:(urn:li:dataPlatform:hive,db${ch}.t,PROD)`,
      ]) {
        const reason = parseUrn(urn);
        expect(typeof reason, `${hex(code)} in ${JSON.stringify(urn)}`).toBe('string');
        expect(reason).toContain(`control character ${hex(code)}`);
        // The message shows the code point, never the character itself.
        expect(reason).not.toContain(ch);
      }
      expect(entityTypeOf(`urn:li:corpuser:x${ch}`)).toBeUndefined();
    }
  });

  it('says where the first one is, and quotes the URN with each shown as its code point', () => {
    expect(parseUrn('urn:li:corpuser:editor\u0000')).toBe(
      'Invalid URN "urn:li:corpuser:editor<U+0000>": it holds the control character U+0000 at offset 22 ' +
        '(URNs may not hold control or bidirectional formatting characters)',
    );
    expect(parseUrn('urn:li:corpuser:ab\u202Ecd\u0007')).toMatch(
      /^Invalid URN "urn:li:corpuser:ab<U\+202E>cd<U\+0007>": it holds the control character U\+202E at offset 18/,
    );
  });

  it('keeps the characters next to them: spaces, printable Latin-1, joiners and other scripts', () => {
    for (const urn of [
      'urn:li:corpuser:jane doe',
      'urn:li:corpuser:caf\u00e9',
      'urn:li:corpuser:nbsp\u00a0x',
      'urn:li:corpuser:tilde~',
      'urn:li:corpuser:zwj\u200dx',
      'urn:li:corpuser:lrm-neighbour\u2010x',
      'urn:li:corpuser:\u05e9\u05dc\u05d5\u05dd',
      'urn:li:corpuser:\u0645\u0631\u062d\u0628\u0627',
      'urn:li:corpuser:emoji\u{1F600}',
      'urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)',
    ])
      expect(parseUrn(urn), urn).toMatchObject({ urn });
    for (const code of [0x20, 0x7e, 0xa0, 0x061b, 0x200d, 0x202f, 0x2065, 0x206a])
      expect(isControlCharacter(code), hex(code)).toBe(false);
    for (const code of REFUSED) expect(isControlCharacter(code), hex(code)).toBe(true);
  });

  it('refuses a lone surrogate wherever it is, before its length or a control character, and keeps pairs', () => {
    const lone = 'Invalid URN: it holds a lone surrogate (not well-formed Unicode)';
    for (const urn of [
      'urn:li:corpuser:a\ud83d',
      'urn:li:corpuser:\ude00a',
      'urn:li:corpuser:\ude00\ud83d',
      'urn:li:corpuser:a\u0000\ud83d',
      `urn:li:corpuser:${'x'.repeat(3000)}\udfff`,
    ])
      expect(parseUrn(urn), JSON.stringify(urn)).toBe(lone);
    expect(parseUrn('urn:li:corpuser:\u{1F600}\u{1F600}')).toMatchObject({ id: '\u{1F600}\u{1F600}' });
    // The offset of a control character counts a pair as two code units, as before it.
    expect(parseUrn('urn:li:corpuser:\u{1F600}\u0007')).toMatch(/U\+0007 at offset 18 /);
  });
});
