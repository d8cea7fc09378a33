import * as v from 'valibot';
import { WEEKLY_FLYER_CODES } from '../catalog/aisles.ts';
import { Gtin13Schema } from '../catalog/product.ts';

// spec: shopping §3 Weekly ad deal details ("upcs, or promotionalData containing upcs"), §3 List
// item weeklyAdInfo (startDate / endDate as a UTC value plus timezone, priceString, circular,
// weeklyFlyer, imageFileUri), §7 Weekly ad deal details (a use-case request), §9 (the deal UPC
// list is capped at 250; the specials and savings circulars carry the aisle table's flyer codes).
// Paths: the spec does not show them; ours are recorded in docs/decisions/050.

/** spec: shopping §9: a weekly ad deal's UPC list is capped at 250. */
export const WEEKLY_AD_MAX_UPCS = 250;
/** spec: shopping §9 "Another limit is 30": we read it as the most deals one circular lists. */
export const WEEKLY_AD_MAX_DEALS = 30;

export const WEEKLY_AD_PATHS = {
  CURRENT_CIRCULARS: '/atlas/v1/weekly-ad/v1/circulars/current',
  DEAL_PRICES: '/atlas/v1/weekly-ad/v1/deal-prices',
  /** spec: account §7 Generic use-case executor (path not shown in the spec) */
  USE_CASE: '/atlas/v1/use-case/v1/execute',
} as const;

export const WEEKLY_AD_DEAL_DETAILS_USE_CASE = 'WEEKLY_AD_DEAL_DETAILS';

/** WEEKLY is the banner's main circular; SPECIALS and SAVINGS are the weekly flyer circulars. */
const CIRCULAR_TYPES = ['WEEKLY', ...WEEKLY_FLYER_CODES] as const;
export type CircularType = (typeof CIRCULAR_TYPES)[number];

const DEAL_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const DealIdSchema = v.pipe(v.string(), v.regex(DEAL_ID_PATTERN, 'must be a deal id'));

/** A point in time as the spec carries it: the UTC value plus the time zone it is shown in. */
const ZonedDateTimeSchema = v.object({
  value: v.pipe(v.string(), v.isoTimestamp()),
  timezone: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
});

const UpcListSchema = v.pipe(v.array(Gtin13Schema), v.maxLength(WEEKLY_AD_MAX_UPCS));

const WeeklyFlyerSchema = v.object({
  code: v.picklist(WEEKLY_FLYER_CODES),
  aisleNumber: v.number(),
  name: v.string(),
});

const DealSchema = v.object({
  id: DealIdSchema,
  circularId: v.string(),
  title: v.string(),
  /** 'Save $1.00', '2 for $5', '$3.99/lb' — shown as the upstream wrote it */
  priceString: v.string(),
  /** the price of one item under the deal, integer cents, when the deal has one */
  dealCents: v.nullable(v.pipe(v.number(), v.integer())),
  /** the flyer code of the aisle table for the specials and savings circulars, else null */
  weeklyFlyer: v.nullable(WeeklyFlyerSchema),
  imageFileUri: v.string(),
  categoryId: v.nullable(v.string()),
  /** how many UPCs the deal covers in all (the list below holds at most 250) */
  upcCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  upcs: UpcListSchema,
});
export type DealOutput = v.InferOutput<typeof DealSchema>;

export const CircularSchema = v.object({
  id: v.string(),
  banner: v.string(),
  division: v.string(),
  type: v.picklist(CIRCULAR_TYPES),
  title: v.string(),
  startDate: ZonedDateTimeSchema,
  endDate: ZonedDateTimeSchema,
  deals: v.pipe(v.array(DealSchema), v.maxLength(WEEKLY_AD_MAX_DEALS)),
});
export type CircularOutput = v.InferOutput<typeof CircularSchema>;

/** GET /atlas/v1/weekly-ad/v1/circulars/current: the circulars in force for the banner and division. */
export const CurrentCircularsQuerySchema = v.object({
  type: v.optional(v.picklist(CIRCULAR_TYPES)),
});
export const CurrentCircularsResponseSchema = v.object({
  data: v.object({ circulars: v.array(CircularSchema) }),
});

/** POST /atlas/v1/use-case/v1/execute for the deal details use case. */
export const DealDetailsUseCaseSchema = v.strictObject({
  useCase: v.literal(WEEKLY_AD_DEAL_DETAILS_USE_CASE),
  dealId: DealIdSchema,
});

/** The use cases the edge executes (account §7 lists more; each is added with its schema). */
export const UseCaseRequestSchema = v.variant('useCase', [DealDetailsUseCaseSchema]);

// The upstream may answer either shape of the spec; the edge normalizes to the first.
const UpstreamDealDetailsSchema = v.union([
  v.object({ deal: DealSchema, upcs: v.array(Gtin13Schema) }),
  v.object({ deal: DealSchema, promotionalData: v.object({ upcs: v.array(Gtin13Schema) }) }),
]);
export const UpstreamDealDetailsResponseSchema = v.object({ data: UpstreamDealDetailsSchema });
export type UpstreamDealDetailsOutput = v.InferOutput<typeof UpstreamDealDetailsSchema>;

export const DealDetailsResponseSchema = v.object({
  data: v.object({ useCase: v.literal(WEEKLY_AD_DEAL_DETAILS_USE_CASE), deal: DealSchema, upcs: UpcListSchema }),
});
export type DealDetailsResponseOutput = v.InferOutput<typeof DealDetailsResponseSchema>;

/** Caps a UPC list at 250, keeping order and dropping repeats. `capDealUpcs(list).length <= 250` */
export function capDealUpcs(upcs: readonly string[]): string[] {
  return [...new Set(upcs)].slice(0, WEEKLY_AD_MAX_UPCS);
}

/**
 * The deal's UPCs from either answer shape of the spec, capped at 250.
 * `dealDetailsUpcs({ deal, promotionalData: { upcs: ['…'] } }) -> ['…']`
 */
export function dealDetailsUpcs(details: UpstreamDealDetailsOutput): string[] {
  return capDealUpcs('upcs' in details ? details.upcs : details.promotionalData.upcs);
}

/** True when `now` falls inside the circular's dates (start inclusive, end exclusive). */
export function isCircularCurrent(circular: Pick<CircularOutput, 'startDate' | 'endDate'>, now: Date): boolean {
  const time = now.getTime();
  return Date.parse(circular.startDate.value) <= time && time < Date.parse(circular.endDate.value);
}

/**
 * The circular's dates for people, in its own time zone; the end is the last day it runs.
 * `circularDateRange(c) === 'Nov 18 – Nov 24'`
 */
export function circularDateRange(circular: Pick<CircularOutput, 'startDate' | 'endDate'>): string {
  const format = (value: string, timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }).format(new Date(value));
  const lastMoment = new Date(Date.parse(circular.endDate.value) - 1).toISOString();
  return `${format(circular.startDate.value, circular.startDate.timezone)} – ${format(lastMoment, circular.endDate.timezone)}`;
}
