import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client.ts';
import {
  type TicketInput,
  useCreateTicketDefinition,
  useDeleteTicketDefinition,
  useEventSales,
  useUpdateTicketDefinition,
} from '../api/event-edit.ts';
import { type TicketDefinition, useTicketDefinitions } from '../api/events.ts';
import { ConfirmDialog } from '../components/confirm.tsx';
import { describedBy, Field, FormError, violationsOf } from '../components/field.tsx';
import { Empty, ErrorState, Loading, Notice } from '../components/states.tsx';
import { formatMoney } from '../lib/decimal.ts';
import { fromLocalInput, toLocalInput } from '../lib/event-form.ts';
import { label } from '../lib/labels.ts';

/** The parts of a definition the edit form starts from (the list asks for them all). */
type Definition = TicketDefinition & {
  revision: string;
  feeType: string;
  initialLimit?: number | null;
  salePeriod?: { startDate?: string | null; endDate?: string | null };
};

interface TicketDraft {
  name: string;
  price: string;
  limit: string;
  saleStart: string;
  saleEnd: string;
  hidden: boolean;
}

const EMPTY: TicketDraft = { name: '', price: '', limit: '', saleStart: '', saleEnd: '', hidden: false };
const AT = 'ticketDefinition';

const draftOf = (d: Definition, zone: string): TicketDraft => ({
  name: d.name,
  price: d.pricingMethod.fixedPrice?.value ?? '0',
  limit: d.initialLimit ? String(d.initialLimit) : '',
  saleStart: toLocalInput(d.salePeriod?.startDate, zone),
  saleEnd: toLocalInput(d.salePeriod?.endDate, zone),
  hidden: d.hidden,
});

const inputOf = (draft: TicketDraft, zone: string): TicketInput => ({
  name: draft.name.trim(),
  price: draft.price,
  limit: draft.limit,
  saleStart: fromLocalInput(draft.saleStart, zone) ?? null,
  saleEnd: fromLocalInput(draft.saleEnd, zone) ?? null,
  hidden: draft.hidden,
});

/** A new ticket type, or the one being edited: the API's violations beside each field. */
function TicketForm(props: {
  eventId: string;
  currency: string;
  zone: string;
  editing?: Definition;
  onDone(message: string): void;
}) {
  const { editing, zone } = props;
  const create = useCreateTicketDefinition(props.eventId);
  const update = useUpdateTicketDefinition(props.eventId);
  const save = editing ? update : create;
  const [draft, setDraft] = useState<TicketDraft>(() => (editing ? draftOf(editing, zone) : EMPTY));
  const edit = (next: Partial<TicketDraft>) => {
    save.reset();
    setDraft({ ...draft, ...next });
  };
  const prefix = editing ? 'edit-ticket' : 'new-ticket';
  const errors = {
    name: violationsOf(save.error, `${AT}.name`),
    price: violationsOf(save.error, `${AT}.pricingMethod`),
    limit: violationsOf(save.error, `${AT}.initialLimit`),
    start: violationsOf(save.error, `${AT}.salePeriod.startDate`),
    end: violationsOf(save.error, `${AT}.salePeriod.endDate`, `${AT}.salePeriod`),
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const ticket = inputOf(draft, zone);
    // A free ticket carries no fee; once it has a price, the fee is added at checkout.
    const paid = Number(ticket.price.trim() || '0') > 0;
    if (editing)
      update.mutate(
        {
          id: editing.id,
          revision: editing.revision,
          ticket: {
            ...ticket,
            ...(paid && editing.feeType === 'NO_FEE' ? { feeType: 'FEE_ADDED_AT_CHECKOUT' } : {}),
          },
        },
        { onSuccess: () => props.onDone(`Ticket “${ticket.name}” saved.`) },
      );
    else
      create.mutate(ticket, {
        onSuccess: () => {
          setDraft(EMPTY);
          props.onDone(`Ticket “${ticket.name}” added.`);
        },
      });
  }

  const title = editing ? `Edit ${editing.name}` : 'New ticket type';
  return (
    <form className="form-grid ticket-form" onSubmit={submit} noValidate aria-labelledby={`${prefix}-title`}>
      <h3 id={`${prefix}-title`}>{title}</h3>
      <FormError
        error={save.error}
        shown={[`${AT}.name`, `${AT}.pricingMethod`, `${AT}.initialLimit`, `${AT}.salePeriod`]}
      />
      <Field id={`${prefix}-name`} label="Ticket name" error={errors.name}>
        <input
          {...describedBy(`${prefix}-name`, errors.name)}
          value={draft.name}
          maxLength={30}
          onChange={(e) => edit({ name: e.target.value })}
        />
      </Field>
      <Field
        id={`${prefix}-price`}
        label={`Price (${props.currency})`}
        error={errors.price}
        hint="0 or empty: free."
      >
        <input
          {...describedBy(`${prefix}-price`, errors.price, 'hint')}
          inputMode="decimal"
          placeholder="0.00"
          value={draft.price}
          onChange={(e) => edit({ price: e.target.value })}
        />
      </Field>
      <Field id={`${prefix}-limit`} label="How many" error={errors.limit} hint="Empty: no limit.">
        <input
          {...describedBy(`${prefix}-limit`, errors.limit, 'hint')}
          inputMode="numeric"
          value={draft.limit}
          onChange={(e) => edit({ limit: e.target.value })}
        />
      </Field>
      <Field id={`${prefix}-start`} label="Sale starts" error={errors.start} hint={`In ${zone}; empty: now.`}>
        <input
          {...describedBy(`${prefix}-start`, errors.start, 'hint')}
          type="datetime-local"
          value={draft.saleStart}
          onChange={(e) => edit({ saleStart: e.target.value })}
        />
      </Field>
      <Field id={`${prefix}-end`} label="Sale ends" error={errors.end} hint="Empty: until the event is over.">
        <input
          {...describedBy(`${prefix}-end`, errors.end, 'hint')}
          type="datetime-local"
          value={draft.saleEnd}
          onChange={(e) => edit({ saleEnd: e.target.value })}
        />
      </Field>
      <label className="check">
        <input type="checkbox" checked={draft.hidden} onChange={(e) => edit({ hidden: e.target.checked })} />
        Hidden from visitors
      </label>
      <div className="form-actions button-row">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save ticket' : 'Add ticket'}
        </button>
        {editing ? (
          <button type="button" className="button" onClick={() => props.onDone('')}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

const priceOf = (d: TicketDefinition) =>
  d.pricingMethod.free || !d.pricingMethod.fixedPrice
    ? 'Free'
    : formatMoney(d.pricingMethod.fixedPrice.value, d.pricingMethod.fixedPrice.currency);

/** The event's ticket types with their sales: add, edit (price, limit, sale period), delete after asking. */
export function TicketTypes({
  eventId,
  currency,
  zone,
}: {
  eventId: string;
  currency: string;
  zone: string;
}) {
  const definitions = useTicketDefinitions(eventId);
  const remove = useDeleteTicketDefinition(eventId);
  const [editing, setEditing] = useState<Definition | undefined>();
  const [asking, setAsking] = useState<Definition | undefined>();
  const [notice, setNotice] = useState('');
  const done = (message: string) => {
    setEditing(undefined);
    setNotice(message);
  };

  let table = null;
  if (definitions.isPending) table = <Loading label="Loading tickets…" />;
  else if (definitions.isError)
    table = <ErrorState error={definitions.error} retry={() => void definitions.refetch()} />;
  else if (definitions.data.length === 0) table = <Empty>This event sells no tickets yet.</Empty>;
  else
    table = (
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Ticket types</caption>
          <thead>
            <tr>
              <th scope="col">Ticket</th>
              <th scope="col">Price</th>
              <th scope="col">Sale</th>
              <th scope="col" className="number">
                Sold
              </th>
              <th scope="col" className="number">
                Left
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(definitions.data as Definition[]).map((d) => (
              <tr key={d.id}>
                <td>
                  {d.name} {d.hidden ? <span className="badge">Hidden</span> : null}
                </td>
                <td>{priceOf(d)}</td>
                <td>{label(d.saleStatus)}</td>
                <td className="number">{d.salesDetails?.soldCount ?? '—'}</td>
                <td className="number">
                  {d.limited ? (d.salesDetails?.unsoldCount ?? d.actualLimit ?? '—') : 'No limit'}
                </td>
                <td className="actions">
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Edit ${d.name}`}
                    onClick={() => {
                      setNotice('');
                      setEditing(d);
                    }}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    aria-label={`Delete ${d.name}`}
                    onClick={() => {
                      remove.reset();
                      setAsking(d);
                    }}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="card" aria-labelledby="ticket-types" aria-busy={definitions.isFetching}>
      <h2 id="ticket-types">Tickets</h2>
      <Notice message={notice} />
      {table}
      <TicketForm
        key={editing ? `edit-${editing.id}-${editing.revision}` : 'new'}
        eventId={eventId}
        currency={currency}
        zone={zone}
        editing={editing}
        onDone={done}
      />
      <ConfirmDialog
        open={asking !== undefined}
        title={`Delete ${asking?.name ?? 'ticket'}?`}
        confirmLabel="Delete ticket"
        cancelLabel="Keep ticket"
        busy={remove.isPending}
        onCancel={() => setAsking(undefined)}
        onConfirm={() =>
          asking &&
          remove.mutate(asking.id, {
            onSuccess: () => {
              if (editing?.id === asking.id) setEditing(undefined);
              setNotice(`Ticket “${asking.name}” deleted.`);
              setAsking(undefined);
            },
          })
        }
      >
        <p>Visitors can no longer buy it. A ticket type with tickets sold or reserved cannot be deleted.</p>
        {remove.isError ? (
          <p className="form-error" role="alert">
            {remove.error instanceof ApiError ? remove.error.message : 'Could not delete the ticket.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

/** Tickets sold, orders and money of the event, per currency (`getTicketSalesSummary`). */
export function EventSales({ eventId }: { eventId: string }) {
  const sales = useEventSales(eventId);
  return (
    <section className="card" aria-labelledby="event-sales" aria-busy={sales.isFetching}>
      <h2 id="event-sales">Sales</h2>
      {sales.isPending ? (
        <Loading label="Loading sales…" />
      ) : sales.isError ? (
        <ErrorState error={sales.error} retry={() => void sales.refetch()} />
      ) : sales.data.length === 0 ? (
        <Empty>No tickets sold yet.</Empty>
      ) : (
        sales.data.map((s) => (
          <dl className="facts sales" key={s.total.currency} data-testid={`sales-${s.total.currency}`}>
            <div>
              <dt>Tickets sold</dt>
              <dd>{s.totalTickets}</dd>
            </div>
            <div>
              <dt>Orders</dt>
              <dd>{s.totalOrders}</dd>
            </div>
            <div>
              <dt>Sales</dt>
              <dd>{formatMoney(s.total.amount, s.total.currency)}</dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd>{formatMoney(s.revenue.amount, s.revenue.currency)}</dd>
            </div>
          </dl>
        ))
      )}
    </section>
  );
}
