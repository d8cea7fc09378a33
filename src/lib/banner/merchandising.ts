import { DEPARTMENTS, type Category } from '../catalog/categories.ts';
import { bannerLabels } from '../catalog/private-labels.ts';
import type { BannerId } from './banners.ts';

// What makes the two banners read as two chains (issue 8 §4, docs/decisions/440): each banner's
// own home-page merchandising, hero, seasonal content, department order and wording. The shape
// language and typography are CSS keyed on <body data-banner> (BaseLayout.astro); this is the
// content. Pure data and functions, so pages stay thin and tests can check both banners.

type HomeSection = 'seasonal' | 'departments' | 'featured' | 'label';

interface SeasonalLink {
  label: string;
  href: string;
}

export interface SeasonalFeature {
  /** a short stable id (tests, styling) */
  id: string;
  title: string;
  blurb: string;
  links: readonly SeasonalLink[];
}

export interface Merchandising {
  /** every department id, in the order the banner's header and home page list them */
  departmentOrder: readonly string[];
  hero: { eyebrow: string; headline: string; body: string; cta: SeasonalLink };
  /** the home page's sections, top to bottom, after the hero */
  homeSections: readonly HomeSection[];
  departmentsTitle: string;
  featuredTitle: string;
  /** the private-label row: its heading and line under it */
  labelTitle: string;
  labelBlurb: string;
}

export const MERCHANDISING: Record<BannerId, Merchandising> = {
  // A farm-market grocer: produce and bakery first, seasonal first on the home page.
  harvest: {
    departmentOrder: ['01', '04', '02', '03', '05', '07', '06', '08', '09', '10', '11', '12', '13'],
    hero: {
      eyebrow: 'Harvest Market',
      headline: 'Fresh from the field, ready when you are',
      body: 'Local produce, bread baked every morning and the week’s best prices, for pickup or delivery.',
      cta: { label: 'Shop fresh produce', href: '/pl/produce/01' },
    },
    homeSections: ['seasonal', 'departments', 'featured', 'label'],
    departmentsTitle: 'Shop the market',
    featuredTitle: 'On sale this week',
    labelTitle: 'Harvest Select',
    labelBlurb: 'Our own brand: quality we stand behind, at an everyday price.',
  },
  // A coastal neighbourhood store: seafood and deli up front, this week's deals first.
  bayside: {
    departmentOrder: ['03', '01', '05', '02', '04', '06', '07', '09', '08', '12', '13', '10', '11'],
    hero: {
      eyebrow: 'Bayside Foods',
      headline: 'Your neighbourhood market by the water',
      body: 'Dock-fresh seafood, deli favourites and big weekly deals. Bayside Club members save more.',
      cta: { label: 'See this week’s deals', href: '/weekly-ad' },
    },
    homeSections: ['featured', 'seasonal', 'label', 'departments'],
    departmentsTitle: 'Browse the aisles',
    featuredTitle: 'This week’s best buys',
    labelTitle: 'Bayside Essentials',
    labelBlurb: 'Everyday value from our own label, only at Bayside.',
  },
};

/** The banner's departments in its own order (every department once). `bannerDepartments('bayside')[0].name === 'Meat & Seafood'` */
export function bannerDepartments(banner: BannerId): Category[] {
  const order = MERCHANDISING[banner].departmentOrder;
  const rank = (id: string) => {
    const at = order.indexOf(id);
    return at === -1 ? order.length : at;
  };
  return [...DEPARTMENTS].sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
}

/** The banner's everyday private label (the home page's label row). */
export function everydayLabel(banner: BannerId): string {
  return bannerLabels(banner).find((label) => label.line === 'everyday')?.name ?? '';
}

type Season = 'winter' | 'spring' | 'summer' | 'autumn' | 'thanksgiving' | 'holidays';

/** The merchandising season of a date (UTC month and day). `seasonOf(new Date('2026-11-22'))` is 'thanksgiving' */
export function seasonOf(date: Date): Season {
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  if (month === 11 && day <= 27) return 'thanksgiving';
  if (month === 12 || (month === 11 && day > 27)) return 'holidays';
  if (month <= 2) return 'winter';
  if (month <= 5) return 'spring';
  if (month <= 8) return 'summer';
  return 'autumn';
}

const search = (query: string): string => `/search?query=${encodeURIComponent(query)}`;

/** Each banner's seasonal feature, in its own voice. */
const SEASONAL: Record<BannerId, Record<Season, Omit<SeasonalFeature, 'id'>>> = {
  harvest: {
    thanksgiving: {
      title: 'The Thanksgiving table',
      blurb: 'Everything from the turkey to the pumpkin pie, picked and baked for your feast.',
      links: [
        { label: 'Turkey', href: search('turkey') },
        { label: 'Sweet potatoes', href: search('sweet potatoes') },
        { label: 'Pies', href: search('pie') },
        { label: 'Dinner rolls', href: search('ciabatta rolls') },
      ],
    },
    holidays: {
      title: 'Holiday baking season',
      blurb: 'Flour, butter, chocolate chips and everything for cookie day.',
      links: [
        { label: 'Baking', href: search('flour') },
        { label: 'Butter', href: search('butter') },
        { label: 'Chocolate chips', href: search('chocolate chips') },
        { label: 'Eggs', href: search('eggs') },
      ],
    },
    winter: {
      title: 'Soup and stew weather',
      blurb: 'Root vegetables, broths and crusty bread for slow Sundays.',
      links: [
        { label: 'Soups and broths', href: search('broth') },
        { label: 'Potatoes', href: search('potatoes') },
        { label: 'Sourdough', href: search('sourdough') },
        { label: 'Carrots', href: search('carrots') },
      ],
    },
    spring: {
      title: 'First of the spring greens',
      blurb: 'Tender salad greens, herbs and berries from growers we know.',
      links: [
        { label: 'Salad greens', href: search('spring mix') },
        { label: 'Fresh herbs', href: search('basil') },
        { label: 'Strawberries', href: search('strawberries') },
        { label: 'Baby spinach', href: search('baby spinach') },
      ],
    },
    summer: {
      title: 'Farm stand favourites',
      blurb: 'Peaches, corn and everything for the grill.',
      links: [
        { label: 'Peaches', href: search('peaches') },
        { label: 'Sweet corn', href: search('sweet corn') },
        { label: 'Steaks', href: search('steak') },
        { label: 'Blueberries', href: search('blueberries') },
      ],
    },
    autumn: {
      title: 'Orchard season',
      blurb: 'Crisp apples, pears and warm spices.',
      links: [
        { label: 'Apples', href: search('apples') },
        { label: 'Pears', href: search('pears') },
        { label: 'Cinnamon bagels', href: search('cinnamon') },
        { label: 'Apple pie', href: search('apple pie') },
      ],
    },
  },
  bayside: {
    thanksgiving: {
      title: 'Feast by the bay',
      blurb: 'Turkey with all the trimmings, plus shrimp and scallops for the starters.',
      links: [
        { label: 'Turkey', href: search('turkey') },
        { label: 'Shrimp', href: search('shrimp') },
        { label: 'Scallops', href: search('scallops') },
        { label: 'Pies', href: search('pie') },
      ],
    },
    holidays: {
      title: 'Holiday seafood and party platters',
      blurb: 'Salmon, shrimp and the deli’s party trays for every gathering.',
      links: [
        { label: 'Salmon', href: search('salmon') },
        { label: 'Shrimp', href: search('shrimp') },
        { label: 'Deli meats', href: search('ham') },
        { label: 'Cheese', href: search('cheese') },
      ],
    },
    winter: {
      title: 'Chowder season',
      blurb: 'Cod, potatoes and cream for a pot of chowder.',
      links: [
        { label: 'Cod', href: search('cod') },
        { label: 'Potatoes', href: search('potatoes') },
        { label: 'Cream', href: search('cream') },
        { label: 'Crackers', href: search('crackers') },
      ],
    },
    spring: {
      title: 'Fresh catch, fresh start',
      blurb: 'Light fish dinners and crisp salads.',
      links: [
        { label: 'Tilapia', href: search('tilapia') },
        { label: 'Salads', href: search('salad') },
        { label: 'Lemons', href: search('lemons') },
        { label: 'Salmon', href: search('salmon') },
      ],
    },
    summer: {
      title: 'Dockside cookout',
      blurb: 'Shrimp skewers, corn and cold drinks.',
      links: [
        { label: 'Shrimp', href: search('shrimp') },
        { label: 'Corn', href: search('corn') },
        { label: 'Sparkling water', href: search('sparkling') },
        { label: 'Lemonade', href: search('lemonade') },
      ],
    },
    autumn: {
      title: 'Game day by the bay',
      blurb: 'Wings, chips and dips for the big game.',
      links: [
        { label: 'Chicken wings', href: search('wings') },
        { label: 'Chips', href: search('chips') },
        { label: 'Mixed nuts', href: search('mixed nuts') },
        { label: 'Cola', href: search('cola') },
      ],
    },
  },
};

/** The banner's seasonal feature for a date. `seasonalFeature('harvest', new Date('2026-11-22')).title === 'The Thanksgiving table'` */
export function seasonalFeature(banner: BannerId, date: Date): SeasonalFeature {
  const season = seasonOf(date);
  return { id: season, ...SEASONAL[banner][season] };
}
