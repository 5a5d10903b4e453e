/**
 * The card fields of the test provider, with light formatting as the buyer types: the number in
 * groups (4-6-5 for American Express, 4s otherwise), the expiry as "MM / YY", the CVC as digits.
 * The server wants `{number, expiry: "MM/YY", cvc}` (contracts `PaymentInput.card`).
 */

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
}

export const digitsOf = (text: string) => text.replace(/\D/g, '');

const MAX_DIGITS = 19;
const isAmex = (digits: string) => /^3[47]/.test(digits);

/** "4242424242424242" → "4242 4242 4242 4242"; "378282246310005" → "3782 822463 10005". */
export function formatCardNumber(input: string): string {
  const digits = digitsOf(input).slice(0, isAmex(digitsOf(input)) ? 15 : MAX_DIGITS);
  if (isAmex(digits))
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * "1225" → "12 / 25"; "4" → "04" (no month starts with 4); the separator only appears with the
 * third digit, so deleting never gets stuck on it. A typed 4-digit year ("12/2030") is shortened.
 */
export function formatExpiry(input: string): string {
  let digits = digitsOf(input);
  const typedFullYear = /^\s*\d{1,2}\s*\/\s*20\d\d\s*$/.test(input);
  if (typedFullYear) {
    const [month = '', year = ''] = input.split('/').map((part) => digitsOf(part));
    digits = month.padStart(2, '0') + year.slice(2);
  }
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  // "13" cannot start a month: it is January and the first digit of the year.
  if (/^1[3-9]$/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export const formatCvc = (input: string) => digitsOf(input).slice(0, 4);

/** The Luhn checksum every card number carries (it catches most typos). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Month and two-digit year of a typed expiry, when it is a real month. */
export function parseExpiry(expiry: string): { month: number; year: number } | undefined {
  const digits = digitsOf(expiry);
  if (digits.length !== 4) return undefined;
  const month = Number(digits.slice(0, 2));
  if (month < 1 || month > 12) return undefined;
  return { month, year: Number(digits.slice(2)) };
}

/** Inline messages for the card fields (the server checks again; months compare in UTC, as there). */
export function cardErrors(
  card: CardForm,
  now: Date,
): Partial<Record<'cardNumber' | 'expiry' | 'cvc', string>> {
  const errors: Partial<Record<'cardNumber' | 'expiry' | 'cvc', string>> = {};
  const number = digitsOf(card.number);
  if (number === '') errors.cardNumber = 'Enter the card number.';
  else if (number.length < 12 || number.length > MAX_DIGITS || !luhnValid(number))
    errors.cardNumber = 'Check the card number: it is not complete or has a typo.';
  const expiry = parseExpiry(card.expiry);
  if (card.expiry.trim() === '') errors.expiry = 'Enter the expiry date.';
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM / YY, like 04 / 29.';
  else if (
    2000 + expiry.year < now.getUTCFullYear() ||
    (2000 + expiry.year === now.getUTCFullYear() && expiry.month < now.getUTCMonth() + 1)
  )
    errors.expiry = 'This card has expired.';
  const cvc = digitsOf(card.cvc);
  if (cvc === '') errors.cvc = 'Enter the security code.';
  else if (cvc.length < 3) errors.cvc = 'The security code has 3 or 4 digits.';
  return errors;
}

/** The card as the pay call takes it. */
export function cardInput(card: CardForm): { number: string; expiry: string; cvc: string } {
  const expiry = digitsOf(card.expiry);
  return {
    number: digitsOf(card.number),
    expiry: `${expiry.slice(0, 2)}/${expiry.slice(2, 4)}`,
    cvc: digitsOf(card.cvc),
  };
}
