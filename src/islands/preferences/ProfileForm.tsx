import { useAtomValue, useSetAtom } from 'jotai';
import type { FormEvent } from 'react';
import {
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

// The profile form (account §3 Profile): first name, mobile phone and this banner's preferred
// store. A plain form posting to the profile update before hydration; then sent with fetch.

const shown = (phone: string) =>
  phone.length === 10 ? `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}` : phone;

function Profile({ seed, banner, bannerName }: { seed: ProfileResponseOutput; banner: BannerId; bannerName: string }) {
  useSeed(seedProfileAtom, seed);
  const data = useAtomValue(profileValueAtom) ?? seed;
  const notice = useAtomValue(profileNoticeAtom);
  const saving = useAtomValue(profileSavingAtom);
  const save = useSetAtom(saveProfileAtom);
  const preferred = preferredLocationId(data.profile, banner) ?? '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const firstName = String(form.get('firstName') ?? '').trim();
    const mobilePhoneNumber = String(form.get('mobilePhoneNumber') ?? '').trim();
    const detail = bannerDetailOf(banner, String(form.get('preferredStore') ?? ''));
    const others = data.profile.bannerSpecificDetails.filter((entry) => entry.banner !== banner);
    void save({
      firstName,
      mobilePhoneNumber,
      ...(detail ? { bannerSpecificDetails: [detail] } : {}),
      profile: {
        firstName,
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
        <label className="field">
          First name{' '}
          <input
            name="firstName"
            defaultValue={data.profile.firstName}
            maxLength={40}
            autoComplete="given-name"
            required
          />
        </label>
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
        <p className="pref-hint">Your email preferences need a preferred store.</p>
        <button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save profile'}
        </button>
      </form>
    </div>
  );
}

export default withIslandStore(Profile);
