import { atom, type Getter, type Setter } from 'jotai';
import {
  keyedRequestReducer,
  keyedRequestState,
  type KeyedRequestState,
  type RequestAction,
} from '../../lib/async/request-state.ts';
import { goToSignIn } from '../shared/go-to-sign-in.ts';
import {
  NO_PREFERRED_STORE,
  preferenceFailureMessage,
  sendsToSignIn,
  type EmailPreferencesResponseOutput,
  type OptInStatusOutput,
  type PreferenceArea,
  type PreferenceStep,
} from '../../lib/account/preferences.ts';
import { preferencesApi, type PrefResult } from './api.ts';

// The preferences page's atoms (account §4 Email, SMS and advertising preferences: load and update
// each go through loading, success and error). One keyed request state ("email:load",
// "sms:update", …) through the shared reducer; writes are optimistic: snapshot, apply, send, then
// the server's answer replaces the value or the snapshot comes back exactly.

export interface PreferencesSeed {
  token: string | null;
  page: string;
  email: EmailPreferencesResponseOutput | null;
  sms: OptInStatusOutput | null;
  ads: boolean | null;
  /** what the server render's loads answered: null when fine, else the failure's status and code */
  failures: Partial<Record<'email' | 'sms' | 'ads', { status: number | null; code?: string }>>;
}

export type Notice = { tone: 'ok' | 'error'; text: string } | null;
type Area = Exclude<PreferenceArea, 'profile'>;

const contextAtom = atom<{ token: string | null; page: string }>({ token: null, page: '/account/preferences' });
const emailAtom = atom<EmailPreferencesResponseOutput | null>(null);
const smsAtom = atom<OptInStatusOutput | null>(null);
const adsAtom = atom<boolean | null>(null);
const requestsAtom = atom<KeyedRequestState>({});
const noticesAtom = atom<Partial<Record<Area, Notice>>>({});

export const emailPreferencesAtom = atom((get) => get(emailAtom));
export const smsPreferencesAtom = atom((get) => get(smsAtom));
export const adPreferenceAtom = atom((get) => get(adsAtom));
export const noticesValueAtom = atom((get) => get(noticesAtom));
/** The request state of one area and step, e.g. requestStateOf('email', 'update'). */
export const requestStatesAtom = atom(
  (get) => (area: Area, step: PreferenceStep) => keyedRequestState(get(requestsAtom), `${area}:${step}`),
);

const dispatch = (get: Getter, set: Setter, area: Area, step: PreferenceStep, action: RequestAction) =>
  set(requestsAtom, keyedRequestReducer(get(requestsAtom), `${area}:${step}`, action));
const notify = (get: Getter, set: Setter, area: Area, notice: Notice) =>
  set(noticesAtom, { ...get(noticesAtom), [area]: notice });

/** The NO_PREFERRED_STORE answer of an email load is a message, not a list (account §5). */
function emailNotice(email: EmailPreferencesResponseOutput | null): Notice {
  return email?.errorCode === NO_PREFERRED_STORE
    ? { tone: 'error', text: preferenceFailureMessage('email', 'load', NO_PREFERRED_STORE) }
    : null;
}

/** Seeds what the page loaded on the server, through the same request cycle. */
export const seedPreferencesAtom = atom(null, (get, set, seed: PreferencesSeed) => {
  set(contextAtom, { token: seed.token, page: seed.page });
  set(emailAtom, seed.email);
  set(smsAtom, seed.sms);
  set(adsAtom, seed.ads);
  for (const area of ['email', 'sms', 'ads'] as const) {
    const failure = seed.failures[area];
    dispatch(get, set, area, 'load', { type: 'request' });
    dispatch(
      get,
      set,
      area,
      'load',
      failure
        ? failure.status === null
          ? { type: 'clientError' }
          : { type: 'responseError', httpStatus: failure.status }
        : { type: 'success' },
    );
    if (failure)
      notify(get, set, area, {
        tone: 'error',
        text: preferenceFailureMessage(area, 'load', failure.code, failure.status),
      });
  }
  if (emailNotice(seed.email)) notify(get, set, 'email', emailNotice(seed.email));
});

/** A 403 (or 401) on an account call goes to sign-in, unless already there (account §2). */
function toSignIn(get: Getter, result: PrefResult<unknown>): boolean {
  if (
    result.ok ||
    get(contextAtom).token ||
    typeof window === 'undefined' ||
    !sendsToSignIn(result.status, window.location.pathname)
  )
    return false;
  goToSignIn(get(contextAtom).page);
  return true;
}

function failureText(area: Area, step: PreferenceStep, result: Extract<PrefResult<unknown>, { ok: false }>): string {
  // the server's own words for a refused link or a rule it checked; the spec's messages otherwise
  if (result.code === 'TokenMatch' && result.reason) return result.reason;
  if (result.status === 422 && result.code !== NO_PREFERRED_STORE && result.reason) return result.reason;
  return preferenceFailureMessage(area, step, result.code, result.status);
}

/** Loads one area again (after a failed load): reset, then loading, loaded or error. */
export const reloadAtom = atom(null, async (get, set, area: Area) => {
  const token = get(contextAtom).token;
  dispatch(get, set, area, 'load', { type: 'reset' });
  dispatch(get, set, area, 'load', { type: 'request' });
  notify(get, set, area, null);
  const result =
    area === 'email'
      ? await preferencesApi.email(token)
      : area === 'sms'
        ? await preferencesApi.sms()
        : await preferencesApi.ads(token);
  if (!result.ok) {
    dispatch(
      get,
      set,
      area,
      'load',
      result.status === null ? { type: 'clientError' } : { type: 'responseError', httpStatus: result.status },
    );
    if (!toSignIn(get, result)) notify(get, set, area, { tone: 'error', text: failureText(area, 'load', result) });
    return;
  }
  dispatch(get, set, area, 'load', { type: 'success' });
  if (area === 'email') {
    const data = result.data as EmailPreferencesResponseOutput;
    set(emailAtom, data);
    notify(get, set, area, emailNotice(data));
  } else if (area === 'sms') set(smsAtom, (result.data as { data: OptInStatusOutput }).data);
  else set(adsAtom, (result.data as { data: { purchaseBasedAds: boolean } }).data.purchaseBasedAds);
});

/** One optimistic write: snapshot, apply, send, then the answer or the snapshot. */
async function write<T, S>(
  get: Getter,
  set: Setter,
  area: Area,
  target: typeof emailAtom | typeof smsAtom | typeof adsAtom,
  apply: S,
  send: () => Promise<PrefResult<T>>,
  sync: (data: T) => void,
  done: string,
): Promise<boolean> {
  if (get(requestStatesAtom)(area, 'update').loading) return false;
  const snapshot = get(target as never) as unknown;
  set(target as never, apply as never);
  dispatch(get, set, area, 'update', { type: 'reset' });
  dispatch(get, set, area, 'update', { type: 'request' });
  notify(get, set, area, null);
  const result = await send();
  if (!result.ok) {
    set(target as never, snapshot as never);
    dispatch(
      get,
      set,
      area,
      'update',
      result.status === null ? { type: 'clientError' } : { type: 'responseError', httpStatus: result.status },
    );
    if (!toSignIn(get, result)) notify(get, set, area, { tone: 'error', text: failureText(area, 'update', result) });
    return false;
  }
  dispatch(get, set, area, 'update', { type: 'success' });
  sync(result.data);
  notify(get, set, area, { tone: 'ok', text: done });
  return true;
}

export const saveEmailAtom = atom(null, (get, set, chosen: ReadonlySet<string>) => {
  const current = get(emailAtom);
  if (!current) return Promise.resolve(false);
  const next = {
    ...current,
    emailUngroupedPreferences: current.emailUngroupedPreferences.map((entry) => ({
      ...entry,
      selected: chosen.has(entry.category),
    })),
  };
  const body = {
    emailPreferencesCategory: 'UNGROUPED' as const,
    emailPreferences: next.emailUngroupedPreferences.map(({ category, selected }) => ({ category, selected })),
  };
  return write(
    get,
    set,
    'email',
    emailAtom,
    next,
    () => preferencesApi.updateEmail(body, get(contextAtom).token),
    (data) => set(emailAtom, data),
    'Your email preferences were saved.',
  );
});

export const saveSmsAtom = atom(null, (get, set, selected: boolean) => {
  const current = get(smsAtom);
  if (!current) return Promise.resolve(false);
  const next = {
    ...current,
    optIns: current.optIns.map((entry) => (entry.type === 'CLICKLIST' ? { ...entry, selected } : entry)),
  };
  return write(
    get,
    set,
    'sms',
    smsAtom,
    next,
    () => preferencesApi.updateSms(selected),
    (data) => set(smsAtom, data.data),
    selected ? 'Order Updates by text are on.' : 'Order Updates by text are off.',
  );
});

export const saveAdsAtom = atom(null, (get, set, purchaseBasedAds: boolean) =>
  write(
    get,
    set,
    'ads',
    adsAtom,
    purchaseBasedAds,
    () => preferencesApi.updateAds(purchaseBasedAds, get(contextAtom).token),
    (data) => set(adsAtom, data.data.purchaseBasedAds),
    'Your advertising preferences were saved.',
  ),
);
