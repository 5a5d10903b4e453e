import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type ApiError, api, paths } from '../../api.ts';
import { formStyles, SubmitButton } from '../../components/form.tsx';
import { Loading } from '../../components/page.tsx';
import { type FlowState, withSession } from '../../hooks/use-flow.ts';
import { guessedCountry } from '../../lib/checkout/address.ts';
import {
  afterAnswer,
  attemptFor,
  fingerprintOf,
  newIdempotencyKey,
  type PayAttempt,
} from '../../lib/checkout/attempt.ts';
import { type CardForm, cardErrors } from '../../lib/checkout/card.ts';
import { type CheckoutField, describeCheckoutError } from '../../lib/checkout/errors.ts';
import {
  answerErrors,
  answerErrorsOf,
  type EventAnswers,
  eventFields,
  formToSend,
  type HostedEventCheckout,
  startingAnswers,
} from '../../lib/checkout/event.ts';
import {
  type Guests,
  guestErrors,
  guestErrorsOf,
  guestKey,
  guestsToSend,
  seatsOf,
  startingGuests,
  withGuestAnswer,
} from '../../lib/checkout/event-guests.ts';
import { paymentToSend } from '../../lib/checkout/pay-request.ts';
import { totalsRows } from '../../lib/checkout/summary.ts';
import type { HostedCheckout, PaymentMethod } from '../../lib/checkout/types.ts';
import { problemOfError, type SessionProblem } from '../../lib/session.ts';
import styles from './checkout.module.css';
import { CheckoutProblem } from './checkout.tsx';
import { payWithKey, thankYouOf } from './checkout-payment.ts';
import { BillingCountryField } from './contact-fields.tsx';
import eventStyles from './event-details.module.css';
import { EventFields, type EventFormProblem, EventProblem } from './event-fields.tsx';
import { EventGuests } from './event-guests.tsx';
import { EventSummary, ReservationExpired, useTimeLeft } from './event-summary.tsx';
import { OrderSummary } from './order-summary.tsx';
import { PaymentFields } from './payment-fields.tsx';
import { webUrl } from './urls.ts';
import { useFieldFocus } from './use-field-focus.ts';
import { useLiveTotals } from './use-live-totals.ts';

type Ready = Omit<Extract<FlowState, { status: 'ready' }>, 'status'>;
type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; hosted: HostedCheckout; data: HostedEventCheckout }
  | { status: 'expired'; data: HostedEventCheckout }
  | { status: 'problem'; problem: SessionProblem };

const isMethod = (method: string): method is PaymentMethod => method === 'test' || method === 'offline';
const PAYMENT_FIELDS = ['country', 'method', 'cardNumber', 'expiry', 'cvc'];

/**
 * `/hosted/checkout?session=<id>` of an `eventsCheckout` session: "Add your details". The event and
 * the tickets held, the time left on them, the event's registration form for the buyer and for each
 * ticket's guest, the totals and the payment.
 */
export function EventCheckout({ session, siteName }: Ready) {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    if (attempt > 0) setState({ status: 'loading' });
    (async (): Promise<Loaded> => {
      const data = await api<HostedEventCheckout>('GET', paths.hostedEventCheckout(session.id));
      if (data.order) return { status: 'problem', problem: 'completed' };
      if (data.reservation.status !== 'RESERVATION_PENDING') return { status: 'expired', data };
      const hosted = await api<HostedCheckout>('GET', paths.hostedCheckout(session.id));
      if (hosted.checkout.completed) return { status: 'problem', problem: 'completed' };
      return { status: 'ready', hosted, data };
    })().then(
      (next) => live && setState(next),
      (error: unknown) => live && setState({ status: 'problem', problem: problemOfError(error) }),
    );
    return () => {
      live = false;
    };
  }, [session.id, attempt]);

  const brand = siteName || session.clientName;
  const expire = useCallback((data: HostedEventCheckout) => setState({ status: 'expired', data }), []);
  if (state.status === 'loading') return <Loading label="Loading your tickets…" />;
  if (state.status === 'problem')
    return (
      <CheckoutProblem
        problem={state.problem}
        session={session}
        brand={brand}
        retry={() => setAttempt((n) => n + 1)}
      />
    );
  if (state.status === 'expired')
    return (
      <ReservationExpired
        brand={brand}
        title={state.data.event.title}
        reserveAgainUrl={webUrl(state.data.reserveAgainUrl)}
      />
    );
  return (
    <EventDetailsForm
      session={session}
      brand={brand}
      initial={state.hosted}
      data={state.data}
      onExpired={expire}
      onProblem={(problem) => setState({ status: 'problem', problem })}
    />
  );
}

function EventDetailsForm({
  session,
  brand,
  initial,
  data: initialData,
  onExpired,
  onProblem,
}: {
  session: Ready['session'];
  brand: string | undefined;
  initial: HostedCheckout;
  data: HostedEventCheckout;
  onExpired: (data: HostedEventCheckout) => void;
  onProblem: (problem: SessionProblem) => void;
}) {
  const navigate = useNavigate();
  const [hosted, setHosted] = useState(initial);
  const [data, setData] = useState(initialData);
  const { checkout } = hosted;
  const fields = useMemo(() => eventFields(data.form), [data.form]);
  const [answers, setAnswers] = useState<EventAnswers>(() => startingAnswers(fields, data.details));
  const seats = useMemo(() => seatsOf(data.reservation), [data.reservation]);
  const [guests, setGuests] = useState<Guests>(() => startingGuests(fields, data.details, seats.length));
  const [country, setCountry] = useState(() => checkout.billingInfo?.address?.country ?? guessedCountry());
  const methods = hosted.paymentMethods.filter(isMethod);
  const [method, setMethod] = useState<PaymentMethod>(methods[0] ?? 'test');
  const [card, setCard] = useState<CardForm>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<EventFormProblem>();
  const [paying, setPaying] = useState(false);
  const { register, focusOn, summaryRef } = useFieldFocus<string>();
  const payingNow = useRef(false);
  const lastAttempt = useRef<PayAttempt>(undefined);
  const expired = useCallback(() => onExpired(data), [onExpired, data]);
  const left = useTimeLeft(data.reservation.expires, expired);

  useEffect(() => {
    document.title = brand ? `Add your details · ${brand}` : 'Add your details';
  }, [brand]);

  const usable = methods.includes(method) ? method : (methods[0] ?? method);
  const free = Number(checkout.priceSummary.total.amount) === 0;
  const clearError = (field: string) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _, ...rest } = current;
      return rest;
    });

  const totals = useLiveTotals(session.id, {
    onAnswer: setHosted,
    onError: (error) => setProblem({ summary: describeCheckoutError(error, 'update').summary }),
  });
  const saveCountry = (next: string) => {
    if (next && next !== checkout.billingInfo?.address?.country)
      totals.save({ billingAddress: { country: next } });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the country the page started with
  useEffect(() => saveCountry(country), []);

  const fail = (found: Record<string, string>, summary?: string) => {
    setErrors(found);
    const guestFields = seats.flatMap((_, i) =>
      i === 0 && guests.sameAsBuyer ? [] : fields.map((field) => guestKey(i, field.name)),
    );
    const order = [...fields.map((field) => field.name), ...guestFields, ...PAYMENT_FIELDS];
    const invalid = order.filter((field) => found[field]);
    setProblem({
      summary:
        summary ??
        (invalid.length === 1
          ? 'One detail needs another look:'
          : `${invalid.length} details need another look:`),
      list: invalid.map((field) => ({ field, message: found[field]! })),
    });
    focusOn(invalid[0]);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (payingNow.current || methods.length === 0) return;
    const found: Record<string, string> = {
      ...answerErrors(fields, answers),
      ...guestErrors(fields, guests),
    };
    if (!country) found.country = 'Choose a country.';
    if (usable === 'test' && !free) Object.assign(found, cardErrors(card, new Date()));
    if (Object.keys(found).length > 0) return fail(found);
    payingNow.current = true;
    setPaying(true);
    setProblem(undefined);
    const form = formToSend(fields, answers);
    const guestForms = guestsToSend(fields, answers, guests);
    const email = String(answers.email ?? '').trim();
    const payment = paymentToSend(usable, card, free);
    const attempt = attemptFor(
      lastAttempt.current,
      fingerprintOf({ form, guestForms, country, ...payment }),
      () => newIdempotencyKey(),
    );
    lastAttempt.current = attempt;
    let stage: 'details' | 'update' | 'pay' = 'details';
    try {
      setData(
        await api<HostedEventCheckout>('PATCH', paths.hostedEventCheckout(session.id), {
          body: { form, guests: guestForms },
        }),
      );
      stage = 'update';
      await totals.settled();
      const updated = await api<HostedCheckout>('PATCH', paths.hostedCheckout(session.id), {
        body: { email, billingAddress: { country } },
      });
      setHosted(updated);
      const total = updated.checkout.priceSummary.total;
      if (total.amount !== checkout.priceSummary.total.amount) {
        setProblem({
          summary: `The total is now ${total.formattedAmount} for these details. Check the summary, then press the button again.`,
        });
        focusOn();
      } else {
        stage = 'pay';
        const answer = await payWithKey(session.id, attempt.key, payment);
        lastAttempt.current = afterAnswer(attempt, true);
        navigate(withSession('/checkout/thank-you', session.id), {
          replace: true,
          state: { thankYou: thankYouOf(answer, updated) },
        });
        return;
      }
    } catch (error) {
      const code = (error as ApiError).code;
      // The reservation ran out (or was taken back) while the buyer was typing: nothing was charged.
      if (code === 'RESERVATION_NOT_PENDING' || code === 'LINE_ITEM_HOLD_EXPIRED') return expired();
      if (stage === 'details' && code === 'VALIDATION') {
        const violations = (error as ApiError).violations;
        const found = { ...answerErrorsOf(violations), ...guestErrorsOf(violations) };
        if (Object.keys(found).length > 0) fail(found);
        else setProblem({ summary: 'Some details need another look.' });
      } else {
        const described = describeCheckoutError(error, stage === 'pay' ? 'pay' : 'update');
        if (stage === 'pay') lastAttempt.current = afterAnswer(attempt, described.settled);
        if (described.next === 'session-expired') return onProblem('expired');
        if (described.next === 'session-gone') return onProblem('not-found');
        if (described.next === 'thank-you')
          return navigate(withSession('/checkout/thank-you', session.id), { replace: true });
        const marked = described.fields as Record<string, string>;
        if (Object.keys(marked).length > 0) fail(marked, described.summary);
        else {
          setProblem({ summary: described.summary });
          focusOn();
        }
      }
    }
    payingNow.current = false;
    setPaying(false);
  }

  const rows = totalsRows(checkout, { taxAddressKnown: Boolean(checkout.billingInfo?.address?.country) });
  const total = checkout.priceSummary.total.formattedAmount;
  const backUrl = webUrl(hosted.postFlowUrl ?? session.postFlowUrl);

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <div>
          {brand && <p className={styles.brand}>{brand}</p>}
          <h1 className={styles.title}>Add your details</h1>
        </div>
        {backUrl && (
          <a className={styles.back} href={backUrl}>
            Back to the event
          </a>
        )}
      </header>
      <div className={styles.layout}>
        <div className={eventStyles.aside}>
          <EventSummary data={data} left={left} />
          <OrderSummary checkout={checkout} rows={rows} updating={totals.updating} />
        </div>
        <form className={styles.main} onSubmit={onSubmit} noValidate aria-busy={paying}>
          <EventProblem problem={problem} summaryRef={summaryRef} onFocusField={focusOn} />

          <section className={styles.panel} aria-labelledby="details-title">
            <h2 id="details-title" className={styles.heading}>
              Your details
            </h2>
            <EventFields
              fields={fields}
              answers={answers}
              errors={errors}
              register={register}
              onChange={(name, value) => {
                setAnswers((current) => ({ ...current, [name]: value }));
                clearError(name);
              }}
            />
            <div className={`${formStyles.form} ${eventStyles.billing}`}>
              <BillingCountryField
                country={country}
                error={errors.country}
                selectRef={register('country')}
                onChange={(next) => {
                  setCountry(next);
                  clearError('country');
                  saveCountry(next);
                }}
              />
            </div>
          </section>

          <EventGuests
            seats={seats}
            fields={fields}
            guests={guests}
            errors={errors}
            register={register}
            onSameAsBuyer={(sameAsBuyer) => setGuests((current) => ({ ...current, sameAsBuyer }))}
            onChange={(index, name, value) => {
              setGuests((current) => withGuestAnswer(current, index, name, value));
              clearError(guestKey(index, name));
            }}
          />

          <section className={styles.panel} aria-labelledby="payment-title">
            <h2 id="payment-title" className={styles.heading}>
              Payment
            </h2>
            {methods.length === 0 ? (
              <p role="alert">This site cannot take payments right now. Try again later.</p>
            ) : free ? (
              <p className={styles.freeNote}>Nothing to pay: these tickets are free.</p>
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
                errors={errors as Partial<Record<CheckoutField, string>>}
                register={register}
              />
            )}
          </section>

          <div className={styles.pay}>
            <SubmitButton
              busy={paying}
              label={usable === 'offline' || free ? `Place order · ${total}` : `Pay ${total}`}
              busyLabel={usable === 'offline' || free ? 'Placing order…' : 'Paying…'}
            />
          </div>
        </form>
      </div>
    </main>
  );
}
