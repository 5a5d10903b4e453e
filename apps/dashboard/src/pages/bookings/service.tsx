import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type Service, useDeleteService, useService, useUpdateService } from '../../api/bookings.ts';
import { ApiError } from '../../api/client.ts';
import { useSite } from '../../api/store.ts';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { draftOf, type ServiceDraft, serviceFieldsOf } from '../../lib/service-draft.ts';
import { ServiceFields } from './service-form.tsx';

const TYPE_WORD: Record<Service['type'], string> = {
  APPOINTMENT: 'Appointment',
  CLASS: 'Class',
  COURSE: 'Course',
};

function EditService(props: { service: Service; currency: string; onSaved(): void }) {
  const { service, currency } = props;
  const update = useUpdateService();
  const remove = useDeleteService();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ServiceDraft>(() => draftOf(service));
  const [asking, setAsking] = useState(false);
  const appointment = service.type === 'APPOINTMENT';

  function submit(event: FormEvent) {
    event.preventDefault();
    // Classes and courses keep their weekly sessions: only an appointment's duration is edited here.
    const mask = ['name', 'payment', 'staffMemberIds', 'onlineBooking', ...(appointment ? ['schedule'] : [])];
    update.mutate(
      {
        service: { id: service.id, revision: service.revision, ...serviceFieldsOf(draft, service) } as never,
        mask: mask.join(','),
      },
      { onSuccess: props.onSaved },
    );
  }

  return (
    <>
      <section className="card" aria-labelledby="service-details">
        <h2 id="service-details">Details</h2>
        <form className="form-grid" onSubmit={submit} noValidate>
          <ServiceFields
            draft={draft}
            onChange={(next) => {
              update.reset();
              setDraft(next);
            }}
            error={update.error}
            currency={currency}
            withDuration={appointment}
          />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save changes'}
            </button>
          </div>
        </form>
      </section>
      <section className="card" aria-labelledby="service-delete">
        <h2 id="service-delete">Delete</h2>
        <p>Customers can no longer find or book the service. Bookings already made stay.</p>
        <button type="button" className="button button-danger" onClick={() => setAsking(true)}>
          Delete service
        </button>
      </section>
      <ConfirmDialog
        open={asking}
        title={`Delete ${service.name}?`}
        confirmLabel="Delete service"
        cancelLabel="Keep service"
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(service.id, {
            onSuccess: () =>
              navigate('/bookings/services', { replace: true, state: { deleted: service.name } }),
          })
        }
      >
        <p>This cannot be undone.</p>
        {remove.isError ? (
          <p className="form-error" role="alert">
            {remove.error instanceof ApiError ? remove.error.message : 'Could not delete the service.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** One service: its main fields, edited in place; deleting it asks first. */
export function ServicePage() {
  const { id = '' } = useParams();
  const service = useService(id);
  const currency = useSite().data?.currency ?? 'USD';
  const [saved, setSaved] = useState(false);
  if (service.isPending) return <Loading label="Loading the service…" />;
  if (service.isError) {
    const missing = service.error instanceof ApiError && service.error.status === 404;
    return (
      <>
        <h1>{missing ? 'Service not found' : 'Service'}</h1>
        {missing ? (
          <p>No service of this site has this id.</p>
        ) : (
          <ErrorState error={service.error} retry={() => void service.refetch()} />
        )}
        <Link to="/bookings/services">Back to services</Link>
      </>
    );
  }
  const s = service.data;
  return (
    <>
      <p>
        <Link to="/bookings/services">← Services</Link>
      </p>
      <div className="page-head">
        <h1>{s.name}</h1>
        <span className="badge">{TYPE_WORD[s.type]}</span>
      </div>
      {saved ? (
        <p className="notice" role="status">
          The changes are saved.
        </p>
      ) : null}
      {/* A saved service is a new revision: the form starts again from it. */}
      <EditService key={s.revision} service={s} currency={currency} onSaved={() => setSaved(true)} />
    </>
  );
}
