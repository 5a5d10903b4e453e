import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type MailMessage, useMailbox } from '../../api/settings-access.ts';
import { useSite } from '../../api/store.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { dateTime } from '../../lib/labels.ts';
import { SettingsHead } from './nav.tsx';

function Reader({ message, zone }: { message: MailMessage; zone: string | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <article className="card" aria-labelledby="mail-subject" data-testid="mail-reader">
      <h2 id="mail-subject" ref={heading} tabIndex={-1}>
        {message.subject}
      </h2>
      <dl className="facts spaced-below">
        <div>
          <dt>To</dt>
          <dd>{message.to}</dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>{dateTime(message.createdDate, zone)}</dd>
        </div>
      </dl>
      <pre className="mail-text">{message.text}</pre>
    </article>
  );
}

/** The e-mail the site sent (codes, links, confirmations), newest first, a page at a time. */
export function Mailbox() {
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const cursor = params.get('cursor') ?? undefined;
  const mail = useMailbox(to, cursor);
  const zone = useSite().data?.timeZone;
  const [draft, setDraft] = useState(to);
  // The cursors of the newer pages seen, to page back (a reload starts again from the newest).
  const [trail, setTrail] = useState<Array<string | undefined>>([]);
  const [open, setOpen] = useState<MailMessage | undefined>();
  const next = mail.data?.pagingMetadata.cursors?.next ?? undefined;

  const go = (nextTo: string, nextCursor: string | undefined) => {
    setOpen(undefined);
    setParams({ ...(nextTo ? { to: nextTo } : {}), ...(nextCursor ? { cursor: nextCursor } : {}) });
  };

  function search(event: FormEvent) {
    event.preventDefault();
    setTrail([]);
    go(draft.trim(), undefined);
  }

  return (
    <>
      <SettingsHead title="Mailbox" />
      <p className="muted">
        Every e-mail the site sent, kept here whether or not a mail server delivered it.
      </p>
      <div className="mail-layout">
        <section className="card" aria-labelledby="mail-heading" aria-busy={mail.isFetching}>
          <h2 id="mail-heading">Sent e-mail</h2>
          <search className="spaced-below">
            <form className="search" onSubmit={search}>
              <label>
                <span className="visually-hidden">Recipient's e-mail address</span>
                <input
                  type="search"
                  placeholder="Recipient (exact address)"
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                />
              </label>
              <button type="submit" className="button">
                Filter
              </button>
            </form>
          </search>
          {mail.isPending ? (
            <Loading label="Loading e-mail…" />
          ) : mail.isError ? (
            <ErrorState error={mail.error} retry={() => void mail.refetch()} />
          ) : mail.data.messages.length === 0 ? (
            <Empty>{to ? `No e-mail to ${to}.` : 'No e-mail sent yet.'}</Empty>
          ) : (
            <>
              <ul className="mail-list">
                {mail.data.messages.map((message) => (
                  <li key={message.id}>
                    <button
                      type="button"
                      aria-current={open?.id === message.id ? 'true' : undefined}
                      onClick={() => setOpen(message)}
                    >
                      <strong>{message.subject}</strong>
                      <span className="muted small nowrap">{dateTime(message.createdDate, zone)}</span>
                      <span className="muted small break">{message.to}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <nav className="pager" aria-label="Mailbox pages">
                <button
                  type="button"
                  className="button"
                  disabled={!cursor}
                  onClick={() => {
                    setTrail(trail.slice(0, -1));
                    go(to, trail.at(-1));
                  }}
                >
                  Newer
                </button>
                <span aria-live="polite">
                  {mail.data.messages.length} shown{cursor ? ', older ones' : ', newest first'}
                </span>
                <button
                  type="button"
                  className="button"
                  disabled={!next}
                  onClick={() => {
                    setTrail([...trail, cursor]);
                    go(to, next);
                  }}
                >
                  Older
                </button>
              </nav>
            </>
          )}
        </section>
        {open ? (
          <Reader key={open.id} message={open} zone={zone} />
        ) : (
          <p className="card muted">Choose an e-mail to read it.</p>
        )}
      </div>
    </>
  );
}
