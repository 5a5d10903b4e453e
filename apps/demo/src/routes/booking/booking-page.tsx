import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { AppGate } from '../../components/app-gate.tsx';
import { Button, whenIdle } from '../../components/button.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ErrorState, Loading, StatusPanel } from '../../components/status.tsx';
import {
  type BookableService,
  bookSlot,
  loadServices,
  loadSlots,
  nextFreeOf,
  SERVICES_KEY,
  type SlotEntry,
  slotsKey,
  slotTime,
} from '../../data/bookings.ts';
import { useCached } from '../../hooks/use-cached.ts';
import { AppCode } from '../../lib/apps.ts';
import { cache } from '../../lib/cache.ts';
import { describeError, errorCode } from '../../lib/errors.ts';
import styles from './booking.module.css';

function ServiceItem({
  service,
  chosen,
  onChoose,
}: {
  service: BookableService;
  chosen: boolean;
  onChoose(): void;
}) {
  const titleId = useId();
  return (
    <li
      className={`${styles.service} ${chosen ? styles.chosen : ''}`}
      aria-labelledby={titleId}
      data-service={service.name}
    >
      <div>
        <h2 id={titleId}>{service.name}</h2>
        {service.tagLine && <p>{service.tagLine}</p>}
      </div>
      <span className={styles.price}>{service.price}</span>
      <Button variant={chosen ? 'primary' : 'secondary'} small aria-pressed={chosen} onClick={onChoose}>
        {chosen ? 'Showing slots' : 'See slots'}
      </Button>
    </li>
  );
}

function Slots({ service }: { service: BookableService }) {
  const loader = useCallback(() => loadSlots(service.id), [service.id]);
  const slots = useCached(slotsKey(service.id), loader);
  const [booking, setBooking] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const panel = useRef<HTMLElement>(null);

  // On a phone the slots open under the services: bring them into view.
  useEffect(() => {
    if (window.matchMedia('(max-width: 899px)').matches)
      panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);

  // Back from the hosted page through the back-forward cache: usable again, with fresh slots.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setBooking(null);
      cache.invalidate(slotsKey(service.id));
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [service.id]);

  const book = async (entry: SlotEntry) => {
    const key = `${entry.slot.startDate}|${entry.slot.resource?.id ?? ''}`;
    setBooking(key);
    setFailure(null);
    try {
      await bookSlot(entry);
    } catch (error) {
      if (errorCode(error) === 'SLOT_NOT_AVAILABLE') {
        const next = nextFreeOf(error, entry.slot.timezone);
        setFailure(
          `${slotTime(entry)} was just taken.${next.length ? ` Next free: ${next.join(', ')}.` : ''} Pick another slot.`,
        );
        cache.invalidate(slotsKey(service.id));
      } else setFailure(`The slot could not be booked: ${describeError(error)}`);
    } finally {
      setBooking(null);
    }
  };

  let body: React.ReactNode;
  if (slots.status === 'loading') body = <Loading label="Loading open slots…" />;
  else if (slots.status === 'error')
    body = (
      <ErrorState
        title="The slots could not be loaded"
        message={describeError(slots.error)}
        onRetry={slots.reload}
      />
    );
  else if (slots.data.length === 0)
    body = (
      <StatusPanel title="No open slots in the next 24 hours">
        <p>Try another service, or come back later.</p>
      </StatusPanel>
    );
  else
    body = (
      <ul className={styles.slots} aria-label={`Open slots of ${service.name}`}>
        {slots.data.map((entry) => {
          const key = `${entry.slot.startDate}|${entry.slot.resource?.id ?? ''}`;
          return (
            <li key={key}>
              <button
                type="button"
                className={styles.slot}
                data-slot={entry.slot.startDate}
                {...whenIdle(booking !== null, () => void book(entry))}
              >
                <span className={styles.time}>{slotTime(entry)}</span>
                <span className={styles.who}>
                  {booking === key
                    ? 'Opening checkout…'
                    : entry.slot.resource?.name ||
                      (entry.totalSpots > 1 ? `${entry.openSpots} of ${entry.totalSpots} places left` : '')}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    );

  return (
    <section ref={panel} className={styles.slotsPanel} aria-labelledby="slots-title">
      <h2 id="slots-title">{service.name}: the next 24 hours</h2>
      <p className={styles.hint}>Pick a time to book it and pay on the hosted checkout page.</p>
      {failure && (
        <p className={styles.error} role="alert" data-booking-error>
          {failure}
        </p>
      )}
      {body}
    </section>
  );
}

function Services() {
  const services = useCached(SERVICES_KEY, loadServices);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = services.data?.find((service) => service.id === chosenId);

  if (services.status === 'loading') return <Loading label="Loading services…" />;
  if (services.status === 'error')
    return (
      <ErrorState
        title="The services could not be loaded"
        message={describeError(services.error)}
        onRetry={services.reload}
      />
    );
  if (services.data.length === 0)
    return (
      <StatusPanel title="No services yet">
        <p>Once the site owner adds services, they show up here.</p>
      </StatusPanel>
    );
  return (
    <div className={styles.layout}>
      <ul className={styles.services} aria-label="Services">
        {services.data.map((service) => (
          <ServiceItem
            key={service.id}
            service={service}
            chosen={service.id === chosenId}
            onChoose={() => setChosenId(service.id)}
          />
        ))}
      </ul>
      {chosen ? (
        <Slots key={chosen.id} service={chosen} />
      ) : (
        <StatusPanel title="Pick a service">
          <p>Its open slots for the coming day show here.</p>
        </StatusPanel>
      )}
    </div>
  );
}

/** The bookings example: services → a service's slots for the next 24 hours → the hosted checkout. */
export default function BookingPage() {
  return (
    <AppGate app={AppCode.bookings} title="Bookings" installLink="bookings">
      <PageTitle title="Bookings" lead="Book a service: pick one, then one of its open slots." />
      <Services />
    </AppGate>
  );
}
