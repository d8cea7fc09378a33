// spec: account §3 Async request state, §4 Async request cycle; shopping §4 Async calls.
// One implementation used everywhere (ARCHITECTURE: State in the browser): per request type,
// and per key where requests are keyed.

import { isSuccessStatus } from '../http/status.ts';

type RequestStatus = 'initial' | 'loading' | 'loaded' | 'error';

export interface RequestState {
  status: RequestStatus;
  loading: boolean;
  loaded: boolean;
  error: boolean;
  /** the HTTP status of the last answer, or null (network failure, never answered) */
  httpStatus: number | null;
}

export type RequestAction =
  | { type: 'request' }
  | { type: 'success'; httpStatus?: number }
  | { type: 'responseError'; httpStatus: number }
  | { type: 'clientError' }
  | { type: 'reset' };

export const INITIAL_REQUEST_STATE: RequestState = {
  status: 'initial',
  loading: false,
  loaded: false,
  error: false,
  httpStatus: null,
};

function stateOf(status: RequestStatus, httpStatus: number | null): RequestState {
  return { status, loading: status === 'loading', loaded: status === 'loaded', error: status === 'error', httpStatus };
}

/** True when a request in this state must be skipped (it is already loading or loaded). */
export function shouldSkipRequest(state: RequestState): boolean {
  return state.status === 'loading' || state.status === 'loaded';
}

/** The request cycle: initial -> loading -> loaded | error; reset returns to initial. */
export function requestStateReducer(state: RequestState, action: RequestAction): RequestState {
  switch (action.type) {
    case 'request':
      return shouldSkipRequest(state) ? state : stateOf('loading', null);
    case 'success':
      return stateOf('loaded', action.httpStatus ?? 200);
    case 'responseError':
      return stateOf('error', action.httpStatus);
    case 'clientError':
      return stateOf('error', null);
    case 'reset':
      return INITIAL_REQUEST_STATE;
    default: {
      const unknown: never = action;
      throw new Error(`unknown request action ${JSON.stringify(unknown)}`);
    }
  }
}

/** The action that ends a request with an HTTP status: 200/201/202/204/206 succeed, any other is a response error. */
export function actionForStatus(httpStatus: number): RequestAction {
  return isSuccessStatus(httpStatus) ? { type: 'success', httpStatus } : { type: 'responseError', httpStatus };
}

export type KeyedRequestState = Readonly<Record<string, RequestState>>;

/** The state of one key in a keyed space (initial when never requested). */
export function keyedRequestState(states: KeyedRequestState, key: string): RequestState {
  return states[key] ?? INITIAL_REQUEST_STATE;
}

/** Applies an action to one key of a keyed space. */
export function keyedRequestReducer(states: KeyedRequestState, key: string, action: RequestAction): KeyedRequestState {
  const next = requestStateReducer(keyedRequestState(states, key), action);
  if (next === states[key]) return states;
  if (action.type === 'reset') {
    const { [key]: _removed, ...rest } = states;
    return rest;
  }
  return { ...states, [key]: next };
}
