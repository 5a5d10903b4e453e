import { type FormEvent, type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, api, paths } from '../../api.ts';
import { ErrorSummary, Field, formStyles, SubmitButton } from '../../components/form.tsx';
import { Loading } from '../../components/page.tsx';
import { SessionError } from '../../components/session-error.tsx';
import { type FlowState, useFlow, withSession } from '../../hooks/use-flow.ts';
import { useSiteName } from '../../hooks/use-site-name.ts';
import {
  type AddressForm,
  addressErrors,
  countryFromLanguages,
  fromAddress,
  REGIONS,
  regionInput,
  toAddressInput,
} from '../../lib/checkout/address.ts';
import {
  afterAnswer,
  attemptFor,
  fingerprintOf,
  newIdempotencyKey,
  type PayAttempt,
} from '../../lib/checkout/attempt.ts';
import { type CardForm, cardErrors, cardInput } from '../../lib/checkout/card.ts';
import { type CheckoutField, describeCheckoutError } from '../../lib/checkout/errors.ts';
import {
  needsShipping,
  type ShippingChoice,
  selectedChoice,
  shippingChoices,
  totalsRows,
} from '../../lib/checkout/summary.ts';
import { serialLatest } from '../../lib/checkout/sync.ts';
import type {
  Address,
  Checkout as CheckoutData,
  HostedCheckout,
  PayAnswer,
  PaymentMethod,
  ThankYouData,
} from '../../lib/checkout/types.ts';
import { problemOfError, type RedirectSessionInfo, type SessionProblem } from '../../lib/session.ts';
import { emailError } from '../../lib/validation.ts';
import { AddressFields } from './address-fields.tsx';
import styles from './checkout.module.css';
import { choiceKey, DeliveryOptions } from './delivery-options.tsx';
import { OrderSummary } from './order-summary.tsx';
import { PaymentFields } from './payment-fields.tsx';
import { webUrl } from './urls.ts';

export const CHECKOUT_INTENTS = ['ecomCheckout'] as const;

type Errors = Partial<Record<CheckoutField, string>>;

/** Fields in page order: the first invalid one gets the focus. */
const FIELD_ORDER: CheckoutField[] = [
  'email',
  'shipping',
  'country',
  'addressLine',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'method',
  'cardNumber',
  'expiry',
  'cvc',
];

const isMethod = (method: string): method is PaymentMethod => method === 'test' || method === 'offline';

/** `/hosted/checkout?session=<id>`: the page an `ecomCheckout` redirect session sends the buyer to. */
export function Checkout() {
  const flow = useFlow(CHECKOUT_INTENTS);
  if (flow.status === 'loading') return <Loading label="Loading your checkout…" />;
  if (flow.status === 'problem')
    return <CheckoutProblem problem={flow.problem} session={flow.session} retry={flow.retry} />;
  return <CheckoutLoader key={flow.session.id} session={flow.session} siteName={flow.siteName} />;
}

/** Expired, used, unknown or broken links: what happened, and the ways on that still work. */
export function CheckoutProblem({
  problem,
  session,
  retry,
  brand,
}: {
  problem: SessionProblem;
  session?: RedirectSessionInfo | undefined;
  retry?: () => void;
  brand?: string | undefined;
}) {
  const siteName = useSiteName(brand ? undefined : session?.clientId);
  return (
    <SessionError
      problem={problem}
      kind="checkout"
      brand={brand ?? siteName ?? session?.clientName}
      retry={retry}
      backUrl={webUrl(session?.postFlowUrl)}
      backLabel="Back to the store"
    >
      {problem === 'completed' && session && (
        <p>
          <Link to={withSession('/checkout/thank-you', session.id)}>See your order confirmation</Link>
        </p>
      )}
    </SessionError>
  );
}

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; hosted: HostedCheckout }
  | { status: 'problem'; problem: SessionProblem };

function CheckoutLoader({ session, siteName }: Omit<Extract<FlowState, { status: 'ready' }>, 'status'>) {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    if (attempt > 0) setState({ status: 'loading' });
    api<HostedCheckout>('GET', paths.hostedCheckout(session.id)).then(
      (hosted) =>
        live &&
        setState(
          hosted.checkout.completed
            ? { status: 'problem', problem: 'completed' }
            : { status: 'ready', hosted },
        ),
      (error: unknown) => live && setState({ status: 'problem', problem: problemOfError(error) }),
    );
    return () => {
      live = false;
    };
  }, [session.id, attempt]);

  const brand = siteName || session.clientName;
  if (state.status === 'loading') return <Loading label="Loading your checkout…" />;
  if (state.status === 'problem')
    return (
      <CheckoutProblem
        problem={state.problem}
        session={session}
        brand={brand}
        retry={() => setAttempt((n) => n + 1)}
      />
    );
  return (
    <CheckoutForm
      session={session}
      brand={brand}
      initial={state.hosted}
      onProblem={(problem) => setState({ status: 'problem', problem })}
    />
  );
}

/** The address to start from: the checkout's, else the country of the browser's language. */
function initialAddress(checkout: CheckoutData): AddressForm {
  const address = fromAddress(checkout.shippingInfo?.shippingDestination?.address);
  if (!address.country && typeof navigator !== 'undefined')
    address.country = countryFromLanguages(navigator.languages ?? [navigator.language]) ?? '';
  return address;
}

const regionKey = (address: AddressForm) => JSON.stringify(regionInput(address) ?? null);

const thankYouOf = (answer: PayAnswer, hosted: HostedCheckout): ThankYouData => ({
  orderId: answer.order.id,
  orderNumber: answer.order.number,
  total: answer.order.priceSummary.total,
  paymentStatus: answer.order.paymentStatus,
  ...(answer.order.buyerInfo?.email ? { buyerEmail: answer.order.buyerInfo.email } : {}),
  ...(hosted.postFlowUrl ? { postFlowUrl: hosted.postFlowUrl } : {}),
  ...(hosted.thankYouPageUrl ? { thankYouPageUrl: hosted.thankYouPageUrl } : {}),
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Change {
  shippingAddress?: Address;
  selectedShippingOption?: { code: string; carrierId: string };
}

function CheckoutForm({
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
  const [address, setAddress] = useState(() => initialAddress(checkout));
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
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<{
    summary: string;
    list?: { field: CheckoutField; message: string }[];
    backToStore?: boolean;
  }>();
  const [paying, setPaying] = useState(false);
  const [updating, setUpdating] = useState(false);
  const [focus, setFocus] = useState<{ field?: CheckoutField | undefined; at: number }>();
  const fields = useRef<Partial<Record<CheckoutField, HTMLElement | null>>>({});
  const summaryRef = useRef<HTMLDivElement>(null);
  const payingNow = useRef(false);
  const lastAttempt = useRef<PayAttempt>(undefined);
  const latest = useRef({ checkout, onUpdateError: (_error: unknown) => {} });
  latest.current.checkout = checkout;

  useEffect(() => {
    document.title = brand ? `Checkout · ${brand}` : 'Checkout';
  }, [brand]);

  useEffect(() => {
    if (!focus) return;
    const element = focus.field ? fields.current[focus.field] : undefined;
    if (element) {
      element.focus();
      if (element instanceof HTMLInputElement && element.type !== 'radio') element.select();
    } else summaryRef.current?.focus();
  }, [focus]);

  // A store may switch a payment method off while the page is open (found out when paying).
  const usable = methods.includes(method) ? method : (methods[0] ?? method);

  const register = (field: CheckoutField) => (element: HTMLElement | null) => {
    fields.current[field] = element;
  };
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

  latest.current.onUpdateError = (error: unknown) => {
    const described = describeCheckoutError(error, 'update');
    if (leftThePage(described.next)) return;
    const server = selectedChoice(latest.current.checkout);
    setShipping(server ? choiceKey(server) : '');
    setErrors((current) => ({ ...current, ...described.fields }));
    if (Object.keys(described.fields).length === 0) setProblem({ summary: described.summary });
  };

  // Choices that change the totals (shipping option, country and region) are saved at once.
  const sync = useMemo(
    () =>
      serialLatest<Change, HostedCheckout>(
        (change) => api<HostedCheckout>('PATCH', paths.hostedCheckout(session.id), { body: change }),
        {
          merge: (waiting, next) => ({ ...waiting, ...next }),
          onAnswer: (answer) => {
            setHosted(answer);
            const selected = selectedChoice(answer.checkout);
            setShipping(selected ? choiceKey(selected) : '');
          },
          onError: (error) => latest.current.onUpdateError(error),
          onIdle: () => setUpdating(false),
        },
      ),
    [session.id],
  );

  const pushedRegion = useRef(regionKey(fromAddress(checkout.shippingInfo?.shippingDestination?.address)));
  const saveRegion = (next: AddressForm) => {
    const key = regionKey(next);
    if (!ships || !next.country || key === pushedRegion.current) return;
    pushedRegion.current = key;
    setUpdating(true);
    sync.push({ shippingAddress: toAddressInput(next) });
  };

  // A country guessed from the browser's language is saved like a chosen one (tax and options follow).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the page started with
  useEffect(() => saveRegion(address), []);

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

  const onShipping = (choice: ShippingChoice) => {
    setShipping(choiceKey(choice));
    setPickedPickup(choice.pickup);
    clearError('shipping');
    setUpdating(true);
    sync.push({ selectedShippingOption: { code: choice.code, carrierId: choice.carrierId } });
  };

  function validate(): Errors {
    const found: Errors = {};
    const emailProblem = emailError(email);
    if (emailProblem) found.email = emailProblem;
    if (ships) {
      if (choices.length === 0)
        found.shipping = address.country
          ? 'The store does not deliver to this country.'
          : 'Choose your country first.';
      else if (!chosen) found.shipping = 'Choose a delivery method.';
      if (!pickup) Object.assign(found, addressErrors(address));
    }
    if (usable === 'test') Object.assign(found, cardErrors(card, new Date()));
    return found;
  }

  async function payWithKey(key: string, body: object): Promise<PayAnswer> {
    for (let tries = 1; ; tries++) {
      try {
        return await api<PayAnswer>('POST', paths.payHostedCheckout(session.id), {
          body,
          headers: { 'idempotency-key': key },
        });
      } catch (error) {
        // Another press of the same attempt is still running: its answer comes with the same key.
        if (tries < 4 && error instanceof ApiError && error.code === 'PAYMENT_IN_PROGRESS') {
          await pause(800 * tries);
          continue;
        }
        throw error;
      }
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (payingNow.current || methods.length === 0) return;
    const found = validate();
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
      setFocus({ field: invalid[0], at: Date.now() });
      return;
    }
    payingNow.current = true;
    setPaying(true);
    setProblem(undefined);
    const details = {
      email: email.trim(),
      ...(ships && !pickup ? { shippingAddress: toAddressInput(address) } : {}),
      ...(ships && chosen
        ? { selectedShippingOption: { code: chosen.code, carrierId: chosen.carrierId } }
        : {}),
    };
    const payment = { paymentMethod: usable, ...(usable === 'test' ? { card: cardInput(card) } : {}) };
    const attempt = attemptFor(lastAttempt.current, fingerprintOf({ ...details, ...payment }), () =>
      newIdempotencyKey(),
    );
    lastAttempt.current = attempt;
    let stage: 'update' | 'pay' = 'update';
    try {
      await sync.settled();
      const updated = await api<HostedCheckout>('PATCH', paths.hostedCheckout(session.id), { body: details });
      setHosted(updated);
      const total = updated.checkout.priceSummary.total;
      if (total.amount !== checkout.priceSummary.total.amount) {
        // The buyer agreed to another amount: show the new one before taking any money.
        setProblem({
          summary: `The total is now ${total.formattedAmount} for these details. Check the order summary, then press the button again.`,
        });
        setFocus({ at: Date.now() });
        payingNow.current = false;
        setPaying(false);
        return;
      }
      stage = 'pay';
      const answer = await payWithKey(attempt.key, payment);
      lastAttempt.current = afterAnswer(attempt, true);
      goToThankYou(thankYouOf(answer, updated));
      return;
    } catch (error) {
      const described = describeCheckoutError(error, stage);
      if (stage === 'pay') lastAttempt.current = afterAnswer(attempt, described.settled);
      if (leftThePage(described.next)) return;
      if (described.next === 'reload') void reload();
      setErrors(described.fields);
      setProblem({ summary: described.summary, backToStore: described.backToStore });
      setFocus({ field: FIELD_ORDER.find((field) => described.fields[field]), at: Date.now() });
    }
    payingNow.current = false;
    setPaying(false);
  }

  const focusField = (field: CheckoutField) => (event: MouseEvent) => {
    event.preventDefault();
    setFocus({ field, at: Date.now() });
  };

  const rows = totalsRows(checkout, {
    taxAddressKnown:
      !ships || pickup || Boolean(checkout.shippingInfo?.shippingDestination?.address?.country),
  });
  const total = checkout.priceSummary.total.formattedAmount;
  const backUrl = webUrl(hosted.postFlowUrl ?? session.postFlowUrl);

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <div>
          {brand && <p className={styles.brand}>{brand}</p>}
          <h1 className={styles.title}>Checkout</h1>
        </div>
        {backUrl && (
          <a className={styles.back} href={backUrl}>
            Back to the store
          </a>
        )}
      </header>
      <div className={styles.layout}>
        <OrderSummary checkout={checkout} rows={rows} updating={updating} />
        <form className={styles.main} onSubmit={onSubmit} noValidate aria-busy={paying}>
          <ErrorSummary message={problem?.summary} summaryRef={summaryRef}>
            {problem?.list && (
              <ul className={styles.problemList}>
                {problem.list.map(({ field, message }) => (
                  <li key={field}>
                    <a href={`#checkout-${field}`} onClick={focusField(field)}>
                      {message}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {problem?.backToStore && backUrl && <a href={backUrl}>Back to the store</a>}
          </ErrorSummary>

          <section className={styles.panel} aria-labelledby="contact-title">
            <h2 id="contact-title" className={styles.heading}>
              Contact
            </h2>
            <Field
              id="checkout-email"
              label="E-mail"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={320}
              required
              hint="For the order confirmation."
              value={email}
              error={errors.email}
              inputRef={register('email')}
              onChange={(event) => {
                setEmail(event.target.value);
                clearError('email');
              }}
            />
          </section>

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
                  <AddressFields address={address} errors={errors} onChange={onAddress} register={register} />
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
            ) : (
              <PaymentFields
                methods={methods}
                method={usable}
                onMethod={(next) => {
                  setMethod(next);
                  clearError('method');
                }}
                card={card}
                onCard={(field, value) => {
                  setCard((current) => ({ ...current, [field]: value }));
                  clearError(field === 'number' ? 'cardNumber' : field);
                }}
                errors={errors}
                register={register}
              />
            )}
          </section>

          <div className={styles.pay}>
            <SubmitButton
              busy={paying}
              label={usable === 'offline' ? `Place order · ${total}` : `Pay ${total}`}
              busyLabel={usable === 'offline' ? 'Placing order…' : 'Paying…'}
            />
          </div>
        </form>
      </div>
    </main>
  );
}
