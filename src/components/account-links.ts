// The signed-in shopper's account pages: the footer's "Your account" group and the header's account
// menu (issue 22 §2) list the same pages, the menu by shorter names.

/** `label` in the footer, `short` in the header's menu. */
export const ACCOUNT_PAGES = [
  { href: '/account/orders', label: 'Your orders', short: 'Orders' },
  { href: '/shopping/lists', label: 'Shopping lists', short: 'Lists' },
  { href: '/account/wallet', label: 'Wallet', short: 'Wallet' },
  { href: '/account/rewards', label: 'Rewards', short: 'Rewards' },
  { href: '/account/addresses', label: 'Address book', short: 'Addresses' },
  { href: '/account/profile', label: 'Profile', short: 'Profile' },
  { href: '/account/preferences', label: 'Communication preferences', short: 'Preferences' },
] as const;
