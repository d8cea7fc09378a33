// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { useRequest } from './use-request.ts';

describe('useRequest', () => {
  test('runs initial -> loading -> loaded, and refuses a second start while loading', () => {
    const { result } = renderHook(() => useRequest());
    expect(result.current.status).toBe('initial');
    let first = false;
    let second = true;
    act(() => {
      first = result.current.start();
      second = result.current.start();
    });
    expect([first, second]).toEqual([true, false]);
    expect(result.current).toMatchObject({ status: 'loading', loading: true });
    act(() => result.current.finish(true));
    expect(result.current).toMatchObject({ status: 'loaded', loaded: true, httpStatus: 200 });
  });

  test('a failure keeps its status (null without an answer), and a later start begins again', () => {
    const { result } = renderHook(() => useRequest());
    act(() => void result.current.start());
    act(() => result.current.finish(false, 409));
    expect(result.current).toMatchObject({ status: 'error', error: true, httpStatus: 409 });
    act(() => void result.current.start());
    expect(result.current.status).toBe('loading');
    act(() => result.current.finish(false));
    expect(result.current).toMatchObject({ status: 'error', httpStatus: null });
    act(() => result.current.reset());
    expect(result.current.status).toBe('initial');
  });
});
