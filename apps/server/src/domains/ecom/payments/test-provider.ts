/**
 * The `test` card provider: no network, the card number decides (as in common test modes):
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 3220 is only
 * authorised; any other number is declined as `card_not_supported`. As a real provider, it answers a
 * charge under an idempotency key it saw before with the outcome it gave then, from any process: the
 * outcomes are kept in `test_payment_charges` (migration 0029).
 *
 * Saved cards (`test_payment_methods`, migration 0036) are charged later by their id, for renewals:
 * 4242 4242 4242 4242 pays every one; 4000 0000 0000 0341 pays at purchase, then every later charge is
 * declined (`card_declined`); 4000 0000 0000 9995 pays at purchase, its first later charge is declined
 * (`insufficient_funds`) and the ones after it pass. 4000 0000 0000 0002 cannot be saved.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/connect.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { FieldViolation } from '../../../lib/errors.ts';
import type { CardInput, ChargeRequest, ChargeResult, PaymentProvider } from './provider.ts';

export const TEST_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  authorizeOnly: '4000000000003220',
  /** Paid at purchase; every charge of the saved card afterwards (a renewal) is declined. */
  renewalsDeclined: '4000000000000341',
  /** Paid at purchase; the first charge of the saved card afterwards is declined, later ones pass. */
  firstRenewalDeclined: '4000000000009995',
} as const;

/** How a saved test card answers later charges. */
type Behaviour = 'pays' | 'declines' | 'declinesOnce';
const BEHAVIOURS: Record<string, Behaviour> = {
  [TEST_CARDS.success]: 'pays',
  [TEST_CARDS.authorizeOnly]: 'pays',
  [TEST_CARDS.renewalsDeclined]: 'declines',
  [TEST_CARDS.firstRenewalDeclined]: 'declinesOnce',
};

const violation = (field: string, description: string): FieldViolation => ({
  field,
  description,
  violatedRule: 'VALIDATION',
  data: {},
});

function expired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/') as [string, string];
  const fullYear = year.length === 2 ? 2000 + Number(year) : Number(year);
  return fullYear * 12 + Number(month) < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

type ChargesTable = {
  test_payment_charges: { site_id: string; idempotency_key: string; result: string; created_date: string };
  test_payment_methods: {
    site_id: string;
    id: string;
    card: string;
    behaviour: string;
    declines_left: number;
    created_date: string;
  };
};

const digitsOf = (card: CardInput | undefined) => card?.number.replace(/ /g, '') ?? '';
const cardOf = (number: string) => ({
  brand: number.startsWith('4') ? 'VISA' : 'UNKNOWN',
  last4: number.slice(-4),
});

function outcomeOf(request: ChargeRequest): ChargeResult {
  const number = digitsOf(request.card);
  const card = cardOf(number);
  if (BEHAVIOURS[number] && number !== TEST_CARDS.authorizeOnly)
    return { status: 'CAPTURED', transactionId: `test_${randomUUID()}`, card };
  if (number === TEST_CARDS.authorizeOnly)
    return { status: 'AUTHORIZED', transactionId: `test_${randomUUID()}`, card };
  if (number === TEST_CARDS.decline) return { status: 'DECLINED', declineCode: 'card_declined', card };
  return { status: 'DECLINED', declineCode: 'card_not_supported', card };
}

export const testProvider = (database: Database): PaymentProvider => {
  const db = database.db.withTables<ChargesTable>();
  const kept = async (siteId: string, key: string) => {
    const row = await db
      .selectFrom('test_payment_charges')
      .select('result')
      .where('site_id', '=', siteId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row && (JSON.parse(row.result) as ChargeResult);
  };
  /** The outcome kept under `key`, or `decide`'s, kept under it for the retries to come. */
  const keptOr = async (siteId: string, key: string, now: Date, decide: () => Promise<ChargeResult>) => {
    const before = await kept(siteId, key);
    if (before) return before;
    const outcome = await decide();
    try {
      await db
        .insertInto('test_payment_charges')
        .values({
          site_id: siteId,
          idempotency_key: key,
          result: JSON.stringify(outcome),
          created_date: now.toISOString(),
        })
        .execute();
      return outcome;
    } catch (error) {
      // Another process charged under the key meanwhile: its outcome is the key's.
      if (!isUniqueViolation(error)) throw error;
      return (await kept(siteId, key)) ?? outcome;
    }
  };
  return {
    id: 'test',
    online: true,
    check(card: CardInput | undefined, now: Date) {
      if (!card)
        return [{ ...violation('card', 'is required for test payments'), violatedRule: 'REQUIRED_FIELD' }];
      const problems: FieldViolation[] = [];
      const digits = card.number.replace(/ /g, '');
      if (!/^[0-9]{12,19}$/.test(digits))
        problems.push(violation('card.number', 'must hold 12 to 19 digits'));
      if (expired(card.expiry, now)) problems.push(violation('card.expiry', 'the card has expired'));
      return problems;
    },
    async charge(request): Promise<ChargeResult> {
      const key = request.idempotencyKey;
      if (!key) return outcomeOf(request);
      return keptOr(request.siteId, key, request.now, async () => outcomeOf(request));
    },
    async saveMethod({ siteId, card, now }) {
      const number = digitsOf(card);
      const behaviour = BEHAVIOURS[number];
      if (!card || !behaviour)
        return {
          declineCode: number === TEST_CARDS.decline ? 'card_declined' : 'card_not_supported',
          card: cardOf(number),
        };
      const savedMethodId = `test_pm_${randomUUID()}`;
      await db
        .insertInto('test_payment_methods')
        .values({
          site_id: siteId,
          id: savedMethodId,
          card: JSON.stringify({ ...cardOf(number), expiry: card.expiry }),
          behaviour,
          declines_left: behaviour === 'declinesOnce' ? 1 : 0,
          created_date: now.toISOString(),
        })
        .execute();
      return { savedMethodId, card: cardOf(number) };
    },
    async chargeSaved(request) {
      return keptOr(request.siteId, request.idempotencyKey, request.now, async () => {
        const method = request.savedMethodId
          ? await db
              .selectFrom('test_payment_methods')
              .selectAll()
              .where('site_id', '=', request.siteId)
              .where('id', '=', request.savedMethodId)
              .executeTakeFirst()
          : undefined;
        if (!method) return { status: 'DECLINED', declineCode: 'payment_method_not_found' };
        const card = JSON.parse(method.card) as { brand: string; last4: string };
        const saved = { brand: card.brand, last4: card.last4 };
        if (method.behaviour === 'declines')
          return { status: 'DECLINED', declineCode: 'card_declined', card: saved };
        if (method.behaviour === 'declinesOnce' && method.declines_left > 0) {
          await db
            .updateTable('test_payment_methods')
            .set({ declines_left: method.declines_left - 1 })
            .where('site_id', '=', request.siteId)
            .where('id', '=', method.id)
            .execute();
          return { status: 'DECLINED', declineCode: 'insufficient_funds', card: saved };
        }
        return { status: 'CAPTURED', transactionId: `test_${randomUUID()}`, card: saved };
      });
    },
    async capture() {},
    async refund() {},
  };
};
