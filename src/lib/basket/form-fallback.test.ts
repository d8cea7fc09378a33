import { describe, expect, test } from 'vitest';
import { cartFormErrorMessage } from './form-fallback.ts';

describe('cartFormErrorMessage', () => {
  test('maps the cartError the edge adds to the spec message, and ignores anything else', () => {
    expect(cartFormErrorMessage('add')).toBe('Sorry, something went wrong with your request to add the item.');
    expect(cartFormErrorMessage('price')).toBe('item is missing price');
    expect(cartFormErrorMessage('toString')).toBeNull();
    expect(cartFormErrorMessage(null)).toBeNull();
  });
});
