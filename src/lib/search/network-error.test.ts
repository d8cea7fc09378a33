import { describe, expect, test } from 'vitest';
import { NETWORK_ERROR_CODE, isNetworkError, toSearchFailure } from './network-error.ts';

describe('toSearchFailure', () => {
  test("reports a 'Network Error' as no network connection with code -1", () => {
    expect(toSearchFailure(new Error('Network Error'))).toEqual({
      kind: 'network',
      code: -1,
      reason: 'No network connection',
    });
    expect(NETWORK_ERROR_CODE).toBe(-1);
  });
  test("reads the browsers' fetch failures as network errors", () => {
    for (const message of ['Failed to fetch', 'Load failed', 'NetworkError when attempting to fetch resource.']) {
      expect(toSearchFailure(new TypeError(message)).code).toBe(-1);
    }
  });
  test('an answered failure keeps its HTTP status', () => {
    expect(toSearchFailure(new Error('Invalid query'), 400)).toEqual({
      kind: 'http',
      code: 400,
      reason: 'Invalid query',
    });
    expect(toSearchFailure(new TypeError('Failed to fetch'), 503).code).toBe(503);
  });
  test('an abort is not a network error', () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    expect(isNetworkError(abort)).toBe(false);
    expect(toSearchFailure(abort).kind).toBe('aborted');
  });
  test('anything else without an answer is not called offline', () => {
    expect(toSearchFailure(new SyntaxError('Unexpected token')).kind).toBe('http');
  });
});
