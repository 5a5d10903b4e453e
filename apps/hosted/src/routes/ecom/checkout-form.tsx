import { REGIONS } from '@plaza/contracts/countries';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, paths } from '../../api.ts';
import { formStyles, SubmitButton } from '../../components/form.tsx';
import { withSession } from '../../hooks/use-flow.ts';
import {
  type AddressForm,
  addressToSave,
  fromAddress,
  guessedCountry,
  regionKey,
  startingAddress,
} from '../../lib/checkout/address.ts';
import {
  afterAnswer,
  attemptFor,
  fingerprintOf,
  newIdempotencyKey,
  type PayAttempt,
} from '../../lib/checkout/attempt.ts';
import type { CardForm } from '../../lib/checkout/card.ts';
import { type CheckoutField, describeCheckoutError } from '../../lib/checkout/errors.ts';
import { detailsToSave, paymentToSend } from '../../lib/checkout/pay-request.ts';
import { fromContactDetails, type RecipientField, type RecipientForm } from '../../lib/checkout/recipient.ts';
import {
  needsShipping,
  type ShippingChoice,
  selectedChoice,
  shippingChoices,
  taxAddressKnown,
  totalsRows,
} from '../../lib/checkout/summary.ts';
import type { HostedCheckout, PaymentMethod, ThankYouData } from '../../lib/checkout/types.ts';
import type { RedirectSessionInfo, SessionProblem } from '../../lib/session.ts';
import { AddressFields } from './address-fields.tsx';
import styles from './checkout.module.css';
import { CheckoutHeader } from './checkout-header.tsx';
import { payWithKey, thankYouOf } from './checkout-payment.ts';
import { type CheckoutErrors, checkoutErrors, FIELD_ORDER } from './checkout-validation.ts';
import { ContactSection } from './contact-fields.tsx';
import { choiceKey, DeliveryOptions } from './delivery-options.tsx';
import { OrderSummary } from './order-summary.tsx';
import { PaymentFields } from './payment-fields.tsx';
import { type FormProblem, onlyPayment, ProblemSummary } from './problem-summary.tsx';
import { RecipientFields } from './recipient-fields.tsx';
import { webUrl } from './urls.ts';
import { useFieldFocus } from './use-field-focus.ts';
import { useLiveTotals } from './use-live-totals.ts';

const isMethod = (method: string): method is PaymentMethod => method === 'test' || method === 'offline';

/**
 * The checkout once loaded: the order summary beside contact, delivery and payment. Choices that
 * move the totals are saved as they are made; the button saves the rest, then pays.
 */
export function CheckoutForm({
  session,
  brand,
  initial,
  onProblem,
}: {
  session: RedirectSessionInfo;
  brand: string | undefined;
  initial: HostedCheckout;
  onProblem: (problem: SessionProblem) => void;
}) {
  const navigate = useNavigate();
  const [hosted, setHosted] = useState(initial);
  const { checkout } = hosted;
  const ships = needsShipping(checkout);
  const choices = shippingChoices(checkout);
  const serverChoice = selectedChoice(checkout);
  const [shipping, setShipping] = useState(serverChoice ? choiceKey(serverChoice) : '');
  const [email, setEmail] = useState(checkout.buyerInfo?.email ?? '');
  const [address, setAddress] = useState(() =>
    startingAddress(checkout.shippingInfo?.shippingDestination?.address),
  );
  const [billingCountry, setBillingCountry] = useState(
    () => checkout.billingInfo?.address?.country ?? (ships ? '' : guessedCountry()),
  );
  const [recipient, setRecipient] = useState<RecipientForm>(() =>
    fromContactDetails(checkout.shippingInfo?.shippingDestination?.contactDetails),
  );
  const chosen = choices.find((choice) => choiceKey(choice) === shipping) ?? serverChoice;
  const pickup = ships && chosen?.pickup === true;
  // Pickup hides the address when the buyer chose it. When the store picked it (nothing else reaches
  // the destination, or no destination yet), the country stays changeable to find a delivery.
  const deliveries = choices.some((choice) => !choice.pickup);
  const [pickedPickup, setPickedPickup] = useState(serverChoice?.pickup === true && deliveries);
  const offeredDelivery = useRef(false);
  if (deliveries) offeredDelivery.current = true;
  const noDeliveryHere = ships && offeredDelivery.current && !deliveries && Boolean(address.country);
  const showAddress = ships && (!pickup || (!pickedPickup && (offeredDelivery.current || !address.country)));
  const methods = hosted.paymentMethods.filter(isMethod);
  const [method, setMethod] = useState<PaymentMethod>(methods[0] ?? 'test');
  const [card, setCard] = useState<CardForm>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [problem, setProblem] = useState<FormProblem>();
  const [paying, setPaying] = useState(false);
  const { register, focusOn, summaryRef } = useFieldFocus<CheckoutField>();
  const payingNow = useRef(false);
  const lastAttempt = useRef<PayAttempt>(undefined);

  useEffect(() => {
    document.title = brand ? `Checkout · ${brand}` : 'Checkout';
  }, [brand]);

  // A store may switch a payment method off while the page is open (found out when paying).
  const usable = methods.includes(method) ? method : (methods[0] ?? method);
  // A plan's free trial costs nothing now, but its card is kept for the renewals that follow.
  const startsTrial =
    Number(checkout.priceSummary.total.amount) === 0 &&
    checkout.lineItems.some((line) => line.subscriptionOptionInfo?.subscriptionSettings?.autoRenewal);
  // A coupon took it all: the order is placed without a card (the store asks no provider for nothing).
  const free = Number(checkout.priceSummary.total.amount) === 0 && !startsTrial;

  const clearError = (field: CheckoutField) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _, ...rest } = current;
      return rest;
    });

  const goToThankYou = (thankYou?: ThankYouData) =>
    navigate(withSession('/checkout/thank-you', session.id), {
      replace: true,
      ...(thankYou ? { state: { thankYou } } : {}),
    });

  const reload = () =>
    api<HostedCheckout>('GET', paths.hostedCheckout(session.id)).then(
      (fresh) => setHosted(fresh),
      () => {},
    );

  /** Handles the session-level outcomes of a failed call; answers whether it did. */
  const leftThePage = (next: ReturnType<typeof describeCheckoutError>['next']) => {
    if (next === 'session-expired') onProblem('expired');
    else if (next === 'session-gone') onProblem('not-found');
    else if (next === 'thank-you') goToThankYou();
    else return false;
    return true;
  };

  const totals = useLiveTotals(session.id, {
    onAnswer: (answer) => {
      setHosted(answer);
      const selected = selectedChoice(answer.checkout);
      setShipping(selected ? choiceKey(selected) : '');
    },
    // A refused change leaves the server's choice in place: show that one again, and why.
    onError: (error) => {
      const described = describeCheckoutError(error, 'update');
      if (leftThePage(described.next)) return;
      const server = selectedChoice(checkout);
      setShipping(server ? choiceKey(server) : '');
      setErrors((current) => ({ ...current, ...described.fields }));
      if (Object.keys(described.fields).length === 0) setProblem({ summary: described.summary });
    },
  });

  const pushedRegion = useRef(regionKey(fromAddress(checkout.shippingInfo?.shippingDestination?.address)));
  const saveRegion = (next: AddressForm) => {
    const key = regionKey(next);
    if (!ships || !next.country || key === pushedRegion.current) return;
    pushedRegion.current = key;
    totals.save({ shippingAddress: addressToSave(next) });
  };

  const saveBillingCountry = (country: string) => {
    if (ships || !country || country === checkout.billingInfo?.address?.country) return;
    totals.save({ billingAddress: { country } });
  };

  // A country guessed from the browser's language is saved like a chosen one (tax and options follow).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the page started with
  useEffect(() => {
    saveRegion(address);
    saveBillingCountry(billingCountry);
  }, []);

  const onAddress = (field: keyof AddressForm, value: string) => {
    const next = { ...address, [field]: value };
    if (field === 'country' && value !== address.country) {
      next.region = '';
      clearError('region');
    }
    setAddress(next);
    clearError(field as CheckoutField);
    if (field === 'country' || (field === 'region' && REGIONS[next.country])) saveRegion(next);
  };

  const dropPaymentProblem = () => setProblem((current) => (current?.payment ? undefined : current));

  const onRecipient = (field: RecipientField, value: string) => {
    setRecipient((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  const onShipping = (choice: ShippingChoice) => {
    setShipping(choiceKey(choice));
    setPickedPickup(choice.pickup);
    clearError('shipping');
    totals.save({ selectedShippingOption: { code: choice.code, carrierId: choice.carrierId } });
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (payingNow.current || methods.length === 0) return;
    const found = checkoutErrors({
      email,
      ships,
      choices,
      chosen,
      pickup,
      billingCountry,
      recipient,
      address,
      method: usable,
      card,
      free,
    });
    setErrors(found);
    const invalid = FIELD_ORDER.filter((field) => found[field]);
    if (invalid.length > 0) {
      setProblem({
        summary:
          invalid.length === 1
            ? 'One detail needs another look:'
            : `${invalid.length} details need another look:`,
        list: invalid.map((field) => ({ field, message: found[field]! })),
      });
      focusOn(invalid[0]);
      return;
    }
    payingNow.current = true;
    setPaying(true);
    setProblem(undefined);
    const details = detailsToSave({ email, ships, pickup, address, recipient, chosen, billingCountry });
    const payment = paymentToSend(usable, card, free);
    const attempt = attemptFor(lastAttempt.current, fingerprintOf({ ...details, ...payment }), () =>
      newIdempotencyKey(),
    );
    lastAttempt.current = attempt;
    let stage: 'update' | 'pay' = 'update';
    try {
      await totals.settled();
      const updated = await api<HostedCheckout>('PATCH', paths.hostedCheckout(session.id), { body: details });
      setHosted(updated);
      const total = updated.checkout.priceSummary.total;
      if (total.amount !== checkout.priceSummary.total.amount) {
        // The buyer agreed to another amount: show the new one before taking any money.
        setProblem({
          summary: `The total is now ${total.formattedAmount} for these details. Check the order summary, then press the button again.`,
        });
        focusOn();
        payingNow.current = false;
        setPaying(false);
        return;
      }
      stage = 'pay';
      const answer = await payWithKey(session.id, attempt.key, payment);
      lastAttempt.current = afterAnswer(attempt, true);
      goToThankYou(thankYouOf(answer, updated));
      return;
    } catch (error) {
      const described = describeCheckoutError(error, stage);
      if (stage === 'pay') lastAttempt.current = afterAnswer(attempt, described.settled);
      if (leftThePage(described.next)) return;
      if (described.next === 'reload') void reload();
      setErrors(described.fields);
      const { summary, backToStore } = described;
      setProblem({ summary, backToStore, payment: onlyPayment(described.fields) });
      focusOn(FIELD_ORDER.find((field) => described.fields[field]));
    }
    payingNow.current = false;
    setPaying(false);
  }

  const rows = totalsRows(checkout, {
    taxAddressKnown: ships
      ? pickup || taxAddressKnown(checkout.shippingInfo?.shippingDestination?.address, address.postalCode)
      : Boolean(checkout.billingInfo?.address?.country),
  });
  const total = checkout.priceSummary.total.formattedAmount;
  const backUrl = webUrl(hosted.postFlowUrl ?? session.postFlowUrl);

  return (
    <main className={styles.page}>
      <CheckoutHeader
        brand={brand}
        backUrl={backUrl}
        title={session.intent.startsWith('bookings') ? 'Booking Details' : 'Checkout'}
      />
      <div className={styles.layout}>
        <OrderSummary checkout={checkout} rows={rows} updating={totals.updating} />
        <form className={styles.main} onSubmit={onSubmit} noValidate aria-busy={paying}>
          <ProblemSummary
            problem={problem}
            summaryRef={summaryRef}
            backUrl={backUrl}
            onFocusField={focusOn}
          />

          <ContactSection
            email={email}
            emailError={errors.email}
            emailRef={register('email')}
            onEmail={(value) => {
              setEmail(value);
              clearError('email');
            }}
            billing={
              ships
                ? undefined
                : {
                    country: billingCountry,
                    error: errors.country,
                    selectRef: register('country'),
                    onChange: (country) => {
                      setBillingCountry(country);
                      clearError('country');
                      saveBillingCountry(country);
                    },
                  }
            }
          />

          {ships && (
            <section className={styles.panel} aria-labelledby="delivery-title">
              <h2 id="delivery-title" className={styles.heading}>
                Delivery
              </h2>
              <div className={formStyles.form}>
                <DeliveryOptions
                  choices={choices}
                  selected={chosen ? choiceKey(chosen) : ''}
                  error={errors.shipping}
                  onSelect={onShipping}
                  register={register('shipping')}
                  countryChosen={Boolean(address.country)}
                  note={
                    noDeliveryHere
                      ? 'The store does not deliver to this country: pick the order up, or choose another country.'
                      : undefined
                  }
                />
                {showAddress && (
                  <>
                    <RecipientFields
                      recipient={recipient}
                      errors={errors}
                      onChange={onRecipient}
                      register={register}
                    />
                    <AddressFields
                      address={address}
                      errors={errors}
                      onChange={onAddress}
                      register={register}
                    />
                  </>
                )}
              </div>
            </section>
          )}

          <section className={styles.panel} aria-labelledby="payment-title">
            <h2 id="payment-title" className={styles.heading}>
              Payment
            </h2>
            {methods.length === 0 ? (
              <p role="alert">This store cannot take payments right now. Try again later.</p>
            ) : free ? (
              <p className={styles.freeNote}>Nothing to pay: your discounts cover the whole order.</p>
            ) : (
              <PaymentFields
                methods={methods}
                method={usable}
                onMethod={(next) => {
                  setMethod(next);
                  clearError('method');
                  dropPaymentProblem();
                }}
                card={card}
                onCard={(field, value) => {
                  setCard((current) => ({ ...current, [field]: value }));
                  clearError(field === 'number' ? 'cardNumber' : field);
                  dropPaymentProblem();
                }}
                errors={errors}
                register={register}
              />
            )}
          </section>

          <div className={styles.pay}>
            <SubmitButton
              busy={paying}
              label={
                startsTrial && usable !== 'offline'
                  ? 'Start free trial'
                  : usable === 'offline' || free
                    ? `Place order · ${total}`
                    : `Pay ${total}`
              }
              busyLabel={usable === 'offline' || free ? 'Placing order…' : 'Paying…'}
            />
          </div>
        </form>
      </div>
    </main>
  );
}
