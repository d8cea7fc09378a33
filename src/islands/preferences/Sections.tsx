import { useAtomValue, useSetAtom } from 'jotai';
import type { FormEvent } from 'react';
import {
  NO_PREFERRED_STORE,
  PREFERENCE_PATHS,
  PROFILE_PAGE,
  SMS_CATEGORY_LABEL,
  SMS_CONSENT_TEXT,
  SMS_UNSUBSCRIBE_TEXT,
} from '../../lib/account/preferences.ts';
import {
  adPreferenceAtom,
  emailPreferencesAtom,
  noticesValueAtom,
  reloadAtom,
  requestStatesAtom,
  saveAdsAtom,
  saveEmailAtom,
  saveSmsAtom,
  smsPreferencesAtom,
} from './atoms.ts';

// The three preference forms (account §3, §9). Each is a real HTML form posting to the spec's path,
// so it works before hydration; the island then sends it with fetch. Every control is a native
// checkbox or button, so the page works by keyboard.

type Area = 'email' | 'sms' | 'ads';

function AreaNotice({ area }: { area: Area }) {
  const notice = useAtomValue(noticesValueAtom)[area];
  const load = useAtomValue(requestStatesAtom)(area, 'load');
  const reload = useSetAtom(reloadAtom);
  return (
    <>
      <p
        className={notice?.tone === 'error' ? 'notice error' : notice ? 'notice' : 'pref-quiet'}
        role="status"
        aria-live="polite"
        data-testid={`${area}-notice`}
      >
        {notice?.text ?? ''}
      </p>
      {load.loading && <p className="pref-quiet-text">Loading…</p>}
      {load.error && (
        <button type="button" className="link-button" onClick={() => void reload(area)}>
          Try again
        </button>
      )}
    </>
  );
}

const TokenField = ({ token }: { token: string | null }) =>
  token ? <input type="hidden" name="token" value={token} /> : null;

export function EmailSection({ token }: { token: string | null }) {
  const email = useAtomValue(emailPreferencesAtom);
  const update = useAtomValue(requestStatesAtom)('email', 'update');
  const save = useSetAtom(saveEmailAtom);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save(new Set(new FormData(event.currentTarget).getAll('category').map(String)));
  };
  const noStore = email?.errorCode === NO_PREFERRED_STORE;
  return (
    <section className="pref-section" aria-labelledby="email-title" data-testid="email-preferences">
      <h2 id="email-title">Email</h2>
      <AreaNotice area="email" />
      {noStore && !token && (
        <p>
          <a href={PROFILE_PAGE}>Choose a preferred store</a>
        </p>
      )}
      {email && !noStore && (
        <form
          method="post"
          action={token ? PREFERENCE_PATHS.EMAIL_UPDATE_WITH_TOKEN : PREFERENCE_PATHS.EMAIL_UPDATE}
          onSubmit={submit}
          key={JSON.stringify(email.emailUngroupedPreferences)}
        >
          <TokenField token={token} />
          <fieldset className="pref-choices">
            <legend>Send me</legend>
            {email.emailUngroupedPreferences.map((entry) => (
              <label key={entry.category} className="pref-choice" data-testid="email-choice">
                <input type="hidden" name="shown" value={entry.category} />
                <input type="checkbox" name="category" value={entry.category} defaultChecked={entry.selected} />
                <span>
                  <strong>{entry.shortDescription}</strong>
                  <span className="pref-hint">{entry.longDescription}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={update.loading}>
            {update.loading ? 'Saving…' : 'Save email preferences'}
          </button>
        </form>
      )}
    </section>
  );
}

export function SmsSection() {
  const sms = useAtomValue(smsPreferencesAtom);
  const update = useAtomValue(requestStatesAtom)('sms', 'update');
  const save = useSetAtom(saveSmsAtom);
  const orderUpdates = sms?.optIns.find((entry) => entry.type === 'CLICKLIST');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save(new FormData(event.currentTarget).get('selected') === 'true');
  };
  return (
    <section className="pref-section" aria-labelledby="sms-title" data-testid="sms-preferences">
      <h2 id="sms-title">Text messages: {SMS_CATEGORY_LABEL}</h2>
      <AreaNotice area="sms" />
      {sms && (
        <form method="post" action={PREFERENCE_PATHS.OPT_IN} onSubmit={submit} key={String(orderUpdates?.selected)}>
          {sms.warning && (
            <p className="pref-warning" data-testid="sms-warning">
              {sms.warning} <a href={PROFILE_PAGE}>Add a mobile phone</a>
            </p>
          )}
          <label className="pref-choice">
            <input type="checkbox" name="selected" value="true" defaultChecked={orderUpdates?.selected ?? false} />
            <span>{SMS_CONSENT_TEXT}</span>
          </label>
          <p className="pref-hint">{SMS_UNSUBSCRIBE_TEXT}</p>
          <button type="submit" disabled={update.loading}>
            {update.loading ? 'Saving…' : `Save ${SMS_CATEGORY_LABEL}`}
          </button>
        </form>
      )}
    </section>
  );
}

export function AdsSection({ token }: { token: string | null }) {
  const ads = useAtomValue(adPreferenceAtom);
  const update = useAtomValue(requestStatesAtom)('ads', 'update');
  const save = useSetAtom(saveAdsAtom);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save(new FormData(event.currentTarget).get('purchaseBasedAds') === 'true');
  };
  return (
    <section className="pref-section" aria-labelledby="ads-title" data-testid="ad-preferences">
      <h2 id="ads-title">Ads based on your purchases</h2>
      <AreaNotice area="ads" />
      {ads !== null && (
        <form
          method="post"
          action={token ? PREFERENCE_PATHS.ADS_UPDATE_WITH_TOKEN : PREFERENCE_PATHS.ADS_UPDATE_WITH_USER_ID}
          onSubmit={submit}
          key={String(ads)}
        >
          <TokenField token={token} />
          <label className="pref-choice">
            <input type="checkbox" name="purchaseBasedAds" value="true" defaultChecked={ads} />
            <span>Show me offers and ads chosen from what I buy</span>
          </label>
          <button type="submit" disabled={update.loading}>
            {update.loading ? 'Saving…' : 'Save ad preferences'}
          </button>
        </form>
      )}
    </section>
  );
}
