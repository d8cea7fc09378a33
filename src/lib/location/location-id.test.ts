import { describe, expect, test } from 'vitest';
import { formatLocationId, parseLocationId } from './location-id.ts';

describe('location id', () => {
  test('is 3 characters of division followed by the store number (account §3)', () => {
    expect(parseLocationId('70100101')).toEqual({ division: '701', store: '00101' });
    expect(formatLocationId('620', 201)).toBe('62000201');
  });

  test('rejects anything else', () => {
    for (const bad of ['', '701', '7010010', '701001011', '70a00101x', '../00101', '701 0101']) {
      expect(parseLocationId(bad)).toBeNull();
    }
  });
});
