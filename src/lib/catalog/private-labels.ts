import type { BannerId } from '../banner/banners.ts';

// Each banner's own private labels (issue 8 §4, docs/decisions/440). A private label is sold only
// in its banner's stores: the seed prices it only there, and the upstream's search, suggestions
// and product details leave out another banner's labels, so Harvest Market never sells
// "Bayside Essentials" and Bayside Foods never sells "Harvest Select".

export interface PrivateLabel {
  name: string;
  /** everyday: the banner's value label; organic: its organic line */
  line: 'everyday' | 'organic';
  banner: BannerId;
}

export const PRIVATE_LABELS: readonly PrivateLabel[] = [
  { name: 'Harvest Select', line: 'everyday', banner: 'harvest' },
  { name: 'Simple Fields Organic', line: 'organic', banner: 'harvest' },
  { name: 'Bayside Essentials', line: 'everyday', banner: 'bayside' },
  { name: 'Tidewater Organic', line: 'organic', banner: 'bayside' },
];

const BY_NAME = new Map(PRIVATE_LABELS.map((label) => [label.name.toLowerCase(), label]));

/** The private label a brand is, if any (case-insensitive). `privateLabel('harvest select')?.banner === 'harvest'` */
export function privateLabel(brand: string): PrivateLabel | null {
  return BY_NAME.get(brand.trim().toLowerCase()) ?? null;
}

/** True when a banner may sell a brand: every national brand, and its own private labels only. `soldAtBanner('Bayside Essentials', 'harvest') === false` */
export function soldAtBanner(brand: string, banner: string): boolean {
  const label = privateLabel(brand);
  return !label || label.banner === banner;
}

/** A banner's own labels, everyday first. `bannerLabels('bayside')[0].name === 'Bayside Essentials'` */
export function bannerLabels(banner: BannerId): PrivateLabel[] {
  return PRIVATE_LABELS.filter((label) => label.banner === banner);
}
