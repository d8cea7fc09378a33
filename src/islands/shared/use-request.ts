import { useCallback, useRef, useState } from 'react';
import {
  INITIAL_REQUEST_STATE,
  requestStateReducer,
  type RequestAction,
  type RequestState,
} from '../../lib/async/request-state.ts';

// One request's state in a component, over the shared reducer of src/lib/async (ARCHITECTURE:
// State in the browser): initial -> loading -> loaded | error. A second start while one is
// loading is refused, so a double click sends once.

interface RequestHandle extends RequestState {
  /** Starts a request (from any settled state); false while one is already loading. */
  start(): boolean;
  /** Ends it: ok, or failed with the answer's status (null: no answer). */
  finish(ok: boolean, httpStatus?: number | null): void;
  reset(): void;
}

/**
 * A component's request state. `const save = useRequest(); if (!save.start()) return; … save.finish(result.ok)`
 */
export function useRequest(): RequestHandle {
  const [state, setState] = useState<RequestState>(INITIAL_REQUEST_STATE);
  // the reducer's latest state, read synchronously by start() (a render may not have happened yet)
  const current = useRef(state);
  const step = useCallback((action: RequestAction) => {
    current.current = requestStateReducer(current.current, action);
    setState(current.current);
  }, []);
  const start = useCallback(() => {
    if (current.current.loading) return false;
    step({ type: 'reset' });
    step({ type: 'request' });
    return true;
  }, [step]);
  const finish = useCallback(
    (ok: boolean, httpStatus: number | null = null) =>
      step(
        ok
          ? { type: 'success' }
          : httpStatus === null
            ? { type: 'clientError' }
            : { type: 'responseError', httpStatus },
      ),
    [step],
  );
  const reset = useCallback(() => step({ type: 'reset' }), [step]);
  return { ...state, start, finish, reset };
}
