import { describe, expect, test } from 'vitest';
import { passwordProblem } from './password-policy.ts';

describe('passwordProblem (docs/decisions/220)', () => {
  test('accepts a long enough, uncommon password', () => {
    expect(passwordProblem('FreshPicked!2026')).toBeNull();
    expect(passwordProblem('correct horse battery staple')).toBeNull();
  });
  test('needs 8 characters, counted as code points', () => {
    expect(passwordProblem('Ab1!xyz')).toBe('TOO_SHORT');
    expect(passwordProblem('🍎🍐🍊🍋🍌🍉🍇')).toBe('TOO_SHORT');
    expect(passwordProblem('🍎🍐🍊🍋🍌🍉🍇🍓')).toBeNull();
    expect(passwordProblem('x'.repeat(1025))).toBe('TOO_LONG');
  });
  test('refuses common breached passwords with any digits or symbols after them', () => {
    for (const weak of [
      'password',
      'Password123!',
      'qwerty2024',
      'iloveyou!!',
      '12345678',
      '11111111',
      'abcdefgh',
      'letmein99',
    ]) {
      expect(passwordProblem(weak), weak).toBe('BREACHED');
    }
  });
  test('refuses a password holding the email or its name part', () => {
    expect(passwordProblem('jamie.doe!2026', 'jamie.doe@example.test')).toBe('CONTAINS_EMAIL');
    expect(passwordProblem('Orchard-Lane-77', 'jamie.doe@example.test')).toBeNull();
  });
});
