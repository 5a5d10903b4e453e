/**
 * A plan as the owner writes it, checked whole and put in its stored form: one pricing model, the
 * price in the site currency as a decimal string of its minor unit's digits, defaults filled in.
 * Pure: no I/O.
 */
import type { FieldViolation } from '../../lib/errors.ts';
import { toDecimalString } from '../../lib/money.ts';
import { refuse, violation } from './errors.ts';

export type PeriodUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
const UNITS: readonly string[] = ['DAY', 'WEEK', 'MONTH', 'YEAR'];

export interface Duration {
  count: number;
  unit: PeriodUnit;
}

export interface StoredPricing {
  subscription?: { cycleDuration: Duration; cycleCount: number };
  singlePaymentForDuration?: Duration;
  singlePaymentUnlimited?: true;
  price: { value: string; currency: string };
  freeTrialDays?: number;
}

/** What the owner chooses of a plan; the store adds `archived` and `primary`. */
export interface PlanFields {
  name: string;
  description?: string;
  perks: { values: string[] };
  pricing: StoredPricing;
  public: boolean;
  slug?: string;
  maxPurchasesPerBuyer: number;
  allowFutureStartDate: boolean;
  buyerCanCancel: boolean;
  termsAndConditions?: string;
  formId?: string;
}

export interface StoredPlan extends PlanFields {
  slug: string;
  archived: boolean;
  primary: boolean;
}

/** The fields an owner writes (create, update); the rest of a plan is the server's. */
export const WRITABLE = [
  'name',
  'description',
  'perks',
  'pricing',
  'public',
  'slug',
  'maxPurchasesPerBuyer',
  'allowFutureStartDate',
  'buyerCanCancel',
  'termsAndConditions',
  'formId',
] as const;

export interface SiteMoney {
  currency: string;
  digits: number;
}

/** Below 10^9 in the currency's unit: far under what minor units hold exactly. */
const PRICE_LIMIT_UNITS = 1_000_000_000;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

type Loose = Record<string, unknown> | null | undefined;
const objectAt = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
const present = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** "19.99" → 1999 in minor units, or a violation; more decimals than the currency has are refused. */
export function priceToMinor(value: string, money: SiteMoney, field: string): number | FieldViolation {
  const match = /^(\d{1,12})(?:\.(\d{1,10}))?$/.exec(value.trim());
  if (!match) return violation(field, 'must be a decimal amount such as "19.99"', 'FORMAT');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > money.digits)
    return violation(
      field,
      `must have at most ${money.digits} decimals in ${money.currency}`,
      'DECIMAL_MAX_SCALE',
    );
  if (Number(match[1]) >= PRICE_LIMIT_UNITS)
    return violation(field, `must be less than ${PRICE_LIMIT_UNITS}`, 'DECIMAL_LT');
  return Number(match[1]) * 10 ** money.digits + Number(fraction.padEnd(money.digits, '0') || '0');
}

function duration(input: unknown, field: string, problems: FieldViolation[]): Duration | undefined {
  const given = objectAt(input);
  if (!given) {
    problems.push(violation(field, 'is required', 'REQUIRED_FIELD'));
    return undefined;
  }
  const { count, unit } = given;
  if (!present(count)) problems.push(violation(`${field}.count`, 'is required', 'REQUIRED_FIELD'));
  if (typeof unit !== 'string' || !UNITS.includes(unit))
    problems.push(
      violation(
        `${field}.unit`,
        'must be one of DAY, WEEK, MONTH, YEAR',
        'INVALID_ENUM_VALUE',
        'invalid_duration_unit',
      ),
    );
  return present(count) && typeof unit === 'string' && UNITS.includes(unit)
    ? { count: count as number, unit: unit as PeriodUnit }
    : undefined;
}

function pricing(input: Loose, money: SiteMoney, problems: FieldViolation[]): StoredPricing | undefined {
  const at = 'plan.pricing';
  if (!input) {
    problems.push(violation(at, 'is required', 'REQUIRED_FIELD'));
    return undefined;
  }
  const models = [
    present(input.subscription) ? 'subscription' : undefined,
    present(input.singlePaymentForDuration) ? 'singlePaymentForDuration' : undefined,
    input.singlePaymentUnlimited === true ? 'singlePaymentUnlimited' : undefined,
  ].filter(present);
  if (models.length !== 1) {
    problems.push(
      violation(
        at,
        'must have exactly one of subscription, singlePaymentForDuration, singlePaymentUnlimited (true)',
        'ONE_OF_ALIGNMENT',
      ),
    );
    return undefined;
  }
  const priceInput = objectAt(input.price) ?? {};
  const currency = present(priceInput.currency) ? String(priceInput.currency) : money.currency;
  if (currency !== money.currency)
    problems.push(
      violation(`${at}.price.currency`, `must be the site currency, ${money.currency}`, 'VALIDATION'),
    );
  let minor = 0;
  if (present(priceInput.value)) {
    const parsed = priceToMinor(String(priceInput.value), money, `${at}.price.value`);
    if (typeof parsed === 'number') minor = parsed;
    else problems.push(parsed);
  }
  const trial = present(input.freeTrialDays) ? (input.freeTrialDays as number) : 0;
  const stored: StoredPricing = { price: { value: toDecimalString(minor, money.digits), currency } };
  const model = models[0];
  if (model === 'subscription') {
    const subscription = objectAt(input.subscription)!;
    const cycleDuration = duration(subscription.cycleDuration, `${at}.subscription.cycleDuration`, problems);
    const cycleCount = present(subscription.cycleCount) ? (subscription.cycleCount as number) : 0;
    if (minor === 0)
      problems.push(
        violation(
          `${at}.price.value`,
          'must be more than 0 for a subscription (a free plan is a single payment)',
          'DECIMAL_GT',
          'RECURRING_PLAN_PAYMENT_PRICE_MISSING',
        ),
      );
    if (cycleDuration) stored.subscription = { cycleDuration, cycleCount };
    if (trial > 0) stored.freeTrialDays = trial;
    return stored;
  }
  if (trial > 0)
    problems.push(
      violation(
        `${at}.freeTrialDays`,
        'applies to subscriptions only',
        'FIELD_NOT_ALLOWED',
        'SINGLE_PAYMENT_FREE_TRIAL_UNSUPPORTED',
      ),
    );
  if (model === 'singlePaymentForDuration') {
    const length = duration(input.singlePaymentForDuration, `${at}.singlePaymentForDuration`, problems);
    if (length) stored.singlePaymentForDuration = length;
  } else {
    stored.singlePaymentUnlimited = true;
  }
  return stored;
}

/**
 * Checks a whole plan (`input` as created, or the stored plan with an update applied) and answers its
 * stored fields; every problem is reported at once. `slug` is answered only when given.
 */
export function normalisePlan(input: Record<string, unknown>, money: SiteMoney): PlanFields {
  const problems: FieldViolation[] = [];
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') problems.push(violation('plan.name', 'is required', 'REQUIRED_FIELD', 'PLAN_NAME_BLANK'));
  const stored = pricing(objectAt(input.pricing), money, problems);
  const slug = present(input.slug) ? String(input.slug) : undefined;
  if (slug !== undefined && !SLUG.test(slug))
    problems.push(
      violation(
        'plan.slug',
        'must be lower-case letters and digits in words joined by single hyphens',
        'FORMAT',
        'SLUG_CONTAINS_ILLEGAL_CHARACTERS',
      ),
    );
  refuse(problems);
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const description = text(input.description);
  const termsAndConditions = text(input.termsAndConditions);
  const formId = text(input.formId);
  const values = objectAt(input.perks)?.values;
  return {
    name,
    ...(description ? { description } : {}),
    perks: { values: Array.isArray(values) ? (values as string[]) : [] },
    pricing: stored!,
    public: input.public !== false,
    ...(slug ? { slug } : {}),
    maxPurchasesPerBuyer: present(input.maxPurchasesPerBuyer) ? (input.maxPurchasesPerBuyer as number) : 0,
    allowFutureStartDate: input.allowFutureStartDate === true,
    buyerCanCancel: input.buyerCanCancel === true,
    ...(termsAndConditions ? { termsAndConditions } : {}),
    ...(formId ? { formId } : {}),
  };
}

/** A slug made from a plan's name: "Studio Pass — Monthly" → "studio-pass-monthly". */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug === '' ? 'plan' : slug;
}

/** Whether buying the plan costs nothing. */
export const isFree = (plan: Pick<PlanFields, 'pricing'>) => /^0+(\.0+)?$/.test(plan.pricing.price.value);
