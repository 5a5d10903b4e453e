/**
 * The `test` card provider: no network, the card number decides (as in common test modes):
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 3220 is only
 * authorised; any other number is declined as `card_not_supported`. As a real provider, it answers a
 * charge under an idempotency key it saw before with the outcome it gave then, from any process: the
 * outcomes are kept in `test_payment_charges` (migration 0029).
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
} as const;

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
};

function outcomeOf(request: ChargeRequest): ChargeResult {
  const number = request.card?.number.replace(/ /g, '') ?? '';
  const card = { brand: number.startsWith('4') ? 'VISA' : 'UNKNOWN', last4: number.slice(-4) };
  if (number === TEST_CARDS.success)
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
      const before = await kept(request.siteId, key);
      if (before) return before;
      const outcome = outcomeOf(request);
      try {
        await db
          .insertInto('test_payment_charges')
          .values({
            site_id: request.siteId,
            idempotency_key: key,
            result: JSON.stringify(outcome),
            created_date: request.now.toISOString(),
          })
          .execute();
        return outcome;
      } catch (error) {
        // Another process charged under the key meanwhile: its outcome is the key's.
        if (!isUniqueViolation(error)) throw error;
        return (await kept(request.siteId, key)) ?? outcome;
      }
    },
    async capture() {},
    async refund() {},
  };
};
