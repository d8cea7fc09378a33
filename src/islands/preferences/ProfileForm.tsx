import { useAtomValue, useSetAtom } from 'jotai';
import type { FormEvent } from 'react';
import {
  MAX_NAME_LENGTH,
  PREFERENCE_PATHS,
  bannerDetailOf,
  normalizePhone,
  preferredLocationId,
  type ProfileResponseOutput,
} from '../../lib/account/preferences.ts';
import type { BannerId } from '../../lib/banner/banners.ts';
import { useSeed, withIslandStore } from '../shared/island-store.tsx';
import {
  profileNoticeAtom,
  profileSavingAtom,
  profileValueAtom,
  saveProfileAtom,
  seedProfileAtom,
} from './profile-atoms.ts';

// The profile form (account §3 Profile): first and last name, mobile phone and this banner's
// preferred store (the store chosen in the header when none is set yet, decision 594); the email
// is shown, not edited. A plain form posting to the profile update before hydration; then fetch.

const shown = (phone: string) =>
  phone.length === 10 ? `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}` : phone;

const NAME_FIELDS = [
  ['firstName', 'First name', 'given-name'],
  ['lastName', 'Last name', 'family-name'],
] as const;

interface ProfileProps {
  seed: ProfileResponseOutput;
  banner: BannerId;
  bannerName: string;
  /** The store chosen in the header (hm_store), or null. */
  chosenStore: string | null;
}

function Profile({ seed, banner, bannerName, chosenStore }: ProfileProps) {
  useSeed(seedProfileAtom, seed);
  const data = useAtomValue(profileValueAtom) ?? seed;
  const notice = useAtomValue(profileNoticeAtom);
  const saving = useAtomValue(profileSavingAtom);
  const save = useSetAtom(saveProfileAtom);
  const saved = preferredLocationId(data.profile, banner);
  const chosen = !saved && data.stores.some((store) => store.locationId === chosenStore) ? chosenStore : null;
  const preferred = saved ?? chosen ?? '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const firstName = String(form.get('firstName') ?? '').trim();
    const lastName = String(form.get('lastName') ?? '').trim();
    const mobilePhoneNumber = String(form.get('mobilePhoneNumber') ?? '').trim();
    const detail = bannerDetailOf(banner, String(form.get('preferredStore') ?? ''));
    const others = data.profile.bannerSpecificDetails.filter((entry) => entry.banner !== banner);
    void save({
      firstName,
      lastName,
      mobilePhoneNumber,
      ...(detail ? { bannerSpecificDetails: [detail] } : {}),
      profile: {
        ...data.profile,
        firstName,
        lastName,
        mobilePhoneNumber: normalizePhone(mobilePhoneNumber),
        bannerSpecificDetails: detail ? [...others, detail] : data.profile.bannerSpecificDetails,
      },
    });
  };
  return (
    <div className="pref-form">
      <p
        className={notice?.tone === 'error' ? 'notice error' : notice ? 'notice' : 'pref-quiet'}
        role="status"
        aria-live="polite"
        data-testid="profile-notice"
      >
        {notice?.text ?? ''}
      </p>
      <form
        method="post"
        action={PREFERENCE_PATHS.PROFILE_UPDATE}
        onSubmit={submit}
        data-testid="profile-form"
        key={JSON.stringify(data.profile)}
      >
        {NAME_FIELDS.map(([name, label, autoComplete]) => (
          <label className="field" key={name}>
            {label}{' '}
            <input
              name={name}
              defaultValue={data.profile[name]}
              maxLength={MAX_NAME_LENGTH}
              autoComplete={autoComplete}
              required
            />
          </label>
        ))}
        <label className="field">
          Mobile phone{' '}
          <input
            name="mobilePhoneNumber"
            type="tel"
            defaultValue={shown(data.profile.mobilePhoneNumber)}
            maxLength={20}
            autoComplete="tel-national"
          />
        </label>
        <p className="pref-hint">Used for Order Updates by text, if you turn them on. For example 559-555-0142.</p>
        <label className="field">
          Preferred {bannerName} store
          <select name="preferredStore" data-testid="preferred-store" defaultValue={preferred}>
            <option value="">Choose a store</option>
            {data.stores.map((store) => (
              <option key={store.locationId} value={store.locationId}>
                {store.name}, {store.city}
              </option>
            ))}
          </select>
        </label>
        <p className="pref-hint" data-testid="preferred-store-hint">
          {saved
            ? 'Your email preferences use this store.'
            : chosen
              ? 'The store you chose to shop. Save to keep it as your preferred store.'
              : 'Your email preferences need a preferred store.'}
        </p>
        <button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save profile'}
        </button>
      </form>
    </div>
  );
}

export default withIslandStore(Profile);
