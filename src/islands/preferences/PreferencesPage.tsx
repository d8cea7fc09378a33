import { useSeed, withIslandStore } from '../shared/island-store.tsx';
import { seedPreferencesAtom, type PreferencesSeed } from './atoms.ts';
import { AdsSection, EmailSection, SmsSection } from './Sections.tsx';

// The communication preferences island (issue 12 part 2; account §3, §4, §9): email, SMS Order
// Updates and purchase-based ads signed in; email and ads alone from an email's link (a token,
// signed out). docs/decisions/350-account-preferences.md

function Preferences(seed: PreferencesSeed) {
  useSeed(seedPreferencesAtom, seed);
  return (
    <div className="prefs">
      <EmailSection token={seed.token} />
      {!seed.token && <SmsSection />}
      <AdsSection token={seed.token} />
    </div>
  );
}

export default withIslandStore(Preferences);
