import type * as v from 'valibot';
import { ERROR_CODES, HttpError } from '../http/errors.ts';
import { EDGE_REASONS } from '../http/messages.ts';
import { loadCurrentCirculars, loadDealDetails, type JsonClient } from '../promotions/load-weekly-ad.ts';
import type { WeeklyAdInfoSchema } from './contracts.ts';

// What "add to list" puts on the list (worker/routes/lists.ts): a product by its UPC or a deal of
// the current weekly ad as a WEEKLY_AD line (shopping §3 weeklyAdInfo). docs/decisions/300.

/** One new line of "add to list". */
export type NewLine = {
  upc?: string;
  categoryId?: string;
  name?: string;
  type: 'UPC' | 'WEEKLY_AD';
  weeklyAdInfo?: v.InferOutput<typeof WeeklyAdInfoSchema>;
};

/** The WEEKLY_AD line of a deal of the current weekly ad (404 when the ad has no such deal). */
export async function dealLine(upstream: JsonClient, dealId: string): Promise<NewLine> {
  const [details, circulars] = await Promise.all([loadDealDetails(upstream, dealId), loadCurrentCirculars(upstream)]);
  if (details.state !== 'loaded') throw new HttpError(ERROR_CODES.NOT_FOUND, EDGE_REASONS.NO_SUCH_DEAL, 404);
  const circular = circulars?.find((entry) => entry.id === details.deal.circularId);
  const { deal } = details;
  return {
    type: 'WEEKLY_AD',
    name: deal.title.slice(0, 200),
    ...(deal.categoryId && /^\d{2,4}$/.test(deal.categoryId) ? { categoryId: deal.categoryId } : {}),
    weeklyAdInfo: {
      startDate: circular?.startDate ?? { value: new Date().toISOString(), timezone: 'UTC' },
      endDate: circular?.endDate ?? { value: new Date(Date.now() + 7 * 86_400_000).toISOString(), timezone: 'UTC' },
      priceString: deal.priceString.slice(0, 80),
      displayName: deal.title.slice(0, 200),
      ...(circular ? { circular: circular.title.slice(0, 80) } : {}),
      weeklyFlyer: deal.weeklyFlyer?.name.slice(0, 80) ?? null,
      imageFileUri: deal.imageFileUri.slice(0, 500),
    },
  };
}
