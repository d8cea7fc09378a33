import { describe, expect, test } from 'vitest';
import { spellingCandidates, usWord } from './spelling.ts';

const VOCABULARY = [
  { term: 'chicken', documents: 120 },
  { term: 'breast', documents: 30 },
  { term: 'breasts', documents: 40 },
  { term: 'crest', documents: 300 },
  { term: 'best', documents: 2 },
  { term: 'milk', documents: 200 },
  { term: 'whole', documents: 90 },
  { term: 'yogurt', documents: 80 },
  { term: 'zucchini', documents: 12 },
  { term: 'green', documents: 50 },
  { term: 'tea', documents: 40 },
];

describe('spellingCandidates', () => {
  test('offers every nearby reading of a multi-word query, so the catalog can pick the one it holds', () => {
    const candidates = spellingCandidates(['chiken', 'brest'], VOCABULARY);
    expect(candidates).toContain('chicken breast');
    expect(candidates).toContain('chicken crest');
    expect(candidates.indexOf('chicken crest')).toBeLessThan(candidates.indexOf('chicken best'));
  });
  test('keeps known words as typed and corrects the others', () => {
    expect(spellingCandidates(['whole', 'mlik'], VOCABULARY)[0]).toBe('whole milk');
    expect(spellingCandidates(['grean', 'tea'], VOCABULARY)).toContain('green tea');
  });
  test('offers nothing when every word is known, or for short or far-off words', () => {
    expect(spellingCandidates(['whole', 'milk'], VOCABULARY)).toEqual([]);
    expect(spellingCandidates(['mlk'], VOCABULARY)).toEqual([]);
    expect(spellingCandidates(['zzqxj'], VOCABULARY)).toEqual([]);
  });
  test('reads British words and spellings as the US catalog writes them', () => {
    expect(spellingCandidates(['yoghurt'], VOCABULARY)).toEqual(['yogurt']);
    expect(spellingCandidates(['courgettes'], VOCABULARY)).toEqual(['zucchini']);
  });
});

describe('usWord', () => {
  test('turns -our into -or and leaves other words alone', () => {
    expect(usWord('flavoured')).toBe('flavored');
    expect(usWord('colour')).toBe('color');
    expect(usWord('sour')).toBe('sour');
    expect(usWord('flour')).toBe('flour');
  });
});
