import { describe, expect, test } from 'vitest';
import {
  INITIAL_REQUEST_STATE,
  actionForStatus,
  keyedRequestReducer,
  keyedRequestState,
  requestStateReducer,
  shouldSkipRequest,
  type RequestAction,
} from './request-state.ts';

describe('requestStateReducer', () => {
  test('a request goes initial -> loading -> loaded', () => {
    const loading = requestStateReducer(INITIAL_REQUEST_STATE, { type: 'request' });
    expect(loading).toMatchObject({ status: 'loading', loading: true, loaded: false, error: false });
    expect(requestStateReducer(loading, { type: 'success' })).toMatchObject({
      status: 'loaded',
      loaded: true,
      loading: false,
    });
  });
  test('a response error or a client error ends in error', () => {
    const loading = requestStateReducer(INITIAL_REQUEST_STATE, { type: 'request' });
    expect(requestStateReducer(loading, { type: 'responseError', httpStatus: 503 })).toMatchObject({
      status: 'error',
      error: true,
      httpStatus: 503,
    });
    expect(requestStateReducer(loading, { type: 'clientError' })).toMatchObject({ status: 'error', httpStatus: null });
  });
  test('a request already loading or loaded is skipped', () => {
    const loading = requestStateReducer(INITIAL_REQUEST_STATE, { type: 'request' });
    expect(shouldSkipRequest(loading)).toBe(true);
    expect(requestStateReducer(loading, { type: 'request' })).toBe(loading);
    const loaded = requestStateReducer(loading, { type: 'success' });
    expect(requestStateReducer(loaded, { type: 'request' })).toBe(loaded);
    const failed = requestStateReducer(loading, { type: 'clientError' });
    expect(shouldSkipRequest(failed)).toBe(false);
  });
  test('reset returns to initial', () => {
    const loaded = requestStateReducer(requestStateReducer(INITIAL_REQUEST_STATE, { type: 'request' }), {
      type: 'success',
    });
    expect(requestStateReducer(loaded, { type: 'reset' })).toEqual(INITIAL_REQUEST_STATE);
  });
  test('200, 201, 202, 204 and 206 count as success; any other status is a response error', () => {
    for (const status of [200, 201, 202, 204, 206]) expect(actionForStatus(status).type).toBe('success');
    for (const status of [203, 301, 400, 401, 500]) expect(actionForStatus(status).type).toBe('responseError');
  });
  test('an unknown action fails loudly', () => {
    expect(() => requestStateReducer(INITIAL_REQUEST_STATE, { type: 'x' } as unknown as RequestAction)).toThrow(
      /unknown request action/,
    );
  });
});

describe('keyedRequestReducer', () => {
  test('each key has its own cycle and unknown keys read as initial', () => {
    let states = keyedRequestReducer({}, 'PICKUP', { type: 'request' });
    states = keyedRequestReducer(states, 'DELIVERY', { type: 'request' });
    states = keyedRequestReducer(states, 'PICKUP', { type: 'success' });
    expect(keyedRequestState(states, 'PICKUP').status).toBe('loaded');
    expect(keyedRequestState(states, 'DELIVERY').status).toBe('loading');
    expect(keyedRequestState(states, 'SHIP')).toEqual(INITIAL_REQUEST_STATE);
    expect(keyedRequestState(keyedRequestReducer(states, 'PICKUP', { type: 'reset' }), 'PICKUP')).toEqual(
      INITIAL_REQUEST_STATE,
    );
  });
});
