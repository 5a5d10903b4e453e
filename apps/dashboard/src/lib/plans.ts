import type { Duration, Plan } from '../api/plans.ts';
import { formatMoney } from './decimal.ts';

const UNIT: Record<Duration['unit'], string> = {
  DAY: 'day',
  WEEK: 'week',
  MONTH: 'month',
  YEAR: 'year',
  UNDEFINED: 'period',
};

const every = (d: Duration) => (d.count === 1 ? UNIT[d.unit] : `${d.count} ${UNIT[d.unit]}s`);
const count = (d: Duration) => `${d.count} ${UNIT[d.unit]}${d.count === 1 ? '' : 's'}`;

/** "$19.99 / month", "Free, one payment", "$50.00 for 3 months". */
export function planPrice(plan: Pick<Plan, 'pricing'>): string {
  const { pricing } = plan;
  const amount =
    Number(pricing.price.value) > 0 ? formatMoney(pricing.price.value, pricing.price.currency) : 'Free';
  if (pricing.subscription) {
    const { cycleDuration, cycleCount } = pricing.subscription;
    const cycles = cycleCount > 0 ? `, ${cycleCount} payments` : '';
    return `${amount} / ${every(cycleDuration)}${cycles}`;
  }
  if (pricing.singlePaymentForDuration) return `${amount} for ${count(pricing.singlePaymentForDuration)}`;
  return `${amount}, one payment`;
}
