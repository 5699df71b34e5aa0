import { describe, expect, it } from 'vitest';
import {
  applySmsSuggestions,
  countSmsSegments,
  findInvalidSmsCharacters,
  validateSmsSender,
} from '../../../shared/rules/sms';

describe('findInvalidSmsCharacters', () => {
  it('accepts plain English text, digits, punctuation and extension characters', () => {
    expect(findInvalidSmsCharacters('Hi Sam! Table 4 at 7:30pm, $20 {deposit} [ok] ~ | € ^ \\ @ £')).toEqual([]);
  });

  it('refuses accented letters even where GSM-7 has them, suggesting the plain letter', () => {
    expect(findInvalidSmsCharacters('Café')).toEqual([{ index: 3, char: 'é', suggestion: 'e' }]);
    expect(findInvalidSmsCharacters('Zoë')).toEqual([{ index: 2, char: 'ë', suggestion: 'e' }]);
  });

  it('suggests replacements for typographic punctuation', () => {
    const found = findInvalidSmsCharacters('It\u2019s \u201Cnew\u201D \u2013 wait\u2026\u00A0ok');
    expect(found.map((f) => [f.char, f.suggestion])).toEqual([
      ['\u2019', "'"],
      ['\u201C', '"'],
      ['\u201D', '"'],
      ['\u2013', '-'],
      ['\u2026', '...'],
      ['\u00A0', ' '],
    ]);
  });

  it('reports emoji without a suggestion, at their UTF-16 index', () => {
    expect(findInvalidSmsCharacters('a😀b')).toEqual([{ index: 1, char: '😀' }]);
  });

  it('applySmsSuggestions rewrites what it can', () => {
    expect(applySmsSuggestions('\u201CCaf\u00E9\u201D \u2014 5\u00D72')).toBe('"Cafe" - 5x2');
  });
});

describe('countSmsSegments', () => {
  it('counts nothing for empty text', () => {
    expect(countSmsSegments('')).toEqual({ characters: 0, units: 0, segments: 0, perSegment: 160 });
  });

  it('fits 160 units in one segment', () => {
    expect(countSmsSegments('a'.repeat(160))).toEqual({ characters: 160, units: 160, segments: 1, perSegment: 160 });
  });

  it('splits 161 units into 153-unit parts', () => {
    expect(countSmsSegments('a'.repeat(161))).toEqual({ characters: 161, units: 161, segments: 2, perSegment: 153 });
    expect(countSmsSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSmsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts extension characters twice', () => {
    expect(countSmsSegments('€'.repeat(80))).toEqual({ characters: 80, units: 160, segments: 1, perSegment: 160 });
    expect(countSmsSegments('€'.repeat(81)).segments).toBe(2);
  });

  it('never splits an escape pair across parts', () => {
    // 152 plain + one € (2 units) would make 154 in part one, so € moves to part two.
    const text = 'a'.repeat(152) + '€' + 'a'.repeat(151);
    expect(countSmsSegments(text)).toMatchObject({ units: 305, segments: 2 });
    expect(countSmsSegments(text + 'a').segments).toBe(3);
  });
});

describe('validateSmsSender', () => {
  it('accepts alphanumeric senders of up to 11 characters and #reply#', () => {
    expect(validateSmsSender('HarbourBar')).toBeNull();
    expect(validateSmsSender('ABCDEFGHIJK')).toBeNull();
    expect(validateSmsSender('#reply#')).toBeNull();
  });

  it('explains each refusal', () => {
    expect(validateSmsSender('')).toMatch(/Enter a sender/);
    expect(validateSmsSender('ABCDEFGHIJKL')).toMatch(/at most 11/);
    expect(validateSmsSender('Harbour Bar')).toMatch(/spaces/);
    expect(validateSmsSender('Bar&Grill')).toMatch(/letters and digits/);
    expect(validateSmsSender('#REPLY#')).toMatch(/letters and digits/);
  });
});
