import { MODALITY_LABELS } from '../catalog/product.ts';
import { formatCents } from '../money/money.ts';
import { netLineTotal } from '../pricing/net-line.ts';
import { formatSlot } from '../time/display.ts';
import type { Order } from './contracts.ts';
import { FEE_LABELS } from './fees.ts';

// What an order confirmation says, on the page and in the email (issue 22 §4): where and when,
// the items, the total and what paid how much. Amounts through the one formatter.

/** A payment line of an order as a shopper reads it. `paymentLabel({ type: 'EBT' }) === 'SNAP/EBT'` */
export function paymentLabel(method: Order['transactions'][number]['paymentMethod']): string {
  if (method.type === 'CARD') return `${method.brand} ending in ${method.lastFour}`;
  if (method.type === 'GIFT_CARD') return `Gift card ending in ${method.lastFour}`;
  return 'SNAP/EBT';
}

/** Where the order is picked up or delivered: the store, or the delivery address. */
export function orderPlace(
  order: Pick<Order, 'modalityType' | 'deliverTo'>,
  store: { name: string; address: { addressLine1: string; city: string; state: string } } | null,
): string | null {
  if (order.deliverTo)
    return `${order.deliverTo.addressLine1}${order.deliverTo.addressLine2 ? `, ${order.deliverTo.addressLine2}` : ''}, ${order.deliverTo.city}, ${order.deliverTo.state} ${order.deliverTo.zipCode}`;
  return store ? `${store.name}, ${store.address.addressLine1}, ${store.address.city}, ${store.address.state}` : null;
}

/** The order confirmation email's subject and plain-text body. */
export function orderConfirmationEmail(
  order: Order,
  bannerName: string,
  place: string | null,
  link: string,
): { subject: string; body: string } {
  const slot = order.promiseSelection;
  const lines = [
    `Thank you for your order from ${bannerName}.`,
    `Order number: ${order.orderNumber}`,
    `${MODALITY_LABELS[order.modalityType]}${slot ? `: ${formatSlot(slot)}` : ''}${place ? ` at ${place}` : ''}`,
    '',
    ...order.lineItems.map((line) => `${line.quantity} × ${line.name}: ${formatCents(netLineTotal(line))}`),
    '',
    `Items: ${formatCents(order.summary.itemTotal)}`,
    `${FEE_LABELS[order.modalityType]}: ${formatCents(order.summary.serviceFee)}`,
    `Tax: ${formatCents(order.summary.tax)}`,
    ...(order.summary.gratuity > 0 ? [`Tip: ${formatCents(order.summary.gratuity)}`] : []),
    `Total: ${formatCents(order.summary.total)}`,
    ...order.transactions.map(
      (entry) => `Paid with ${paymentLabel(entry.paymentMethod)}: ${formatCents(entry.amountCents)}`,
    ),
    '',
    `Your receipt: ${link}`,
  ];
  return { subject: `Your ${bannerName} order ${order.orderNumber}`, body: lines.join('\n') };
}
