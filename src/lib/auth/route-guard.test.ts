import { describe, expect, test } from 'vitest';
import { guardRoute } from './route-guard.ts';

const NOW = 1_800_000_000_000;
const user = { authorities: ['ROLE_USER'] };

describe('the health-services route guard (shopping §2)', () => {
  test('signed out, or only remembered, a guarded path goes to sign-in; other paths are allowed', () => {
    expect(guardRoute('/rx', null, NOW)).toBe('signIn');
    expect(guardRoute('/health-dashboard', null, NOW)).toBe('signIn');
    expect(guardRoute('/health-services/clinic/', { authorities: ['ROLE_PERSISTENT_USER'] }, NOW)).toBe('signIn');
    expect(guardRoute('/search', null, NOW)).toBe('allow');
  });
  test('signed in: the clinic and the dashboard are allowed; the pharmacy needs a step-up that has not run out', () => {
    expect(guardRoute('/health-services/clinic', user, NOW)).toBe('allow');
    expect(guardRoute('/health-dashboard', user, NOW)).toBe('allow');
    expect(guardRoute('/rx', user, NOW)).toBe('stepUp');
    expect(guardRoute('/rx', { ...user, stepUpUntil: NOW - 1 }, NOW)).toBe('stepUp');
    expect(guardRoute('/rx', { ...user, stepUpUntil: NOW + 60_000 }, NOW)).toBe('allow');
  });
});
