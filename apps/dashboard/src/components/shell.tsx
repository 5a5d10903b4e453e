import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { type Session, useSignOut, useSwitchSite } from '../api/session.ts';

const SECTIONS = [
  { to: '/', label: 'Home', end: true },
  { to: '/orders', label: 'Orders', end: false },
  { to: '/products', label: 'Products', end: false },
  { to: '/collections', label: 'Collections', end: false },
  { to: '/inventory', label: 'Inventory', end: false },
  { to: '/plans', label: 'Plans', end: false },
  { to: '/memberships', label: 'Memberships', end: false },
  { to: '/members', label: 'Members', end: false },
  { to: '/bookings', label: 'Bookings', end: false },
  { to: '/events', label: 'Events', end: false },
  { to: '/settings', label: 'Settings', end: false },
  { to: '/webhooks', label: 'Webhooks', end: false },
];

/** The frame of every signed-in page: skip link, site switcher, navigation, sign-out. */
export function Shell({ session, children }: { session: Session; children: ReactNode }) {
  const switchSite = useSwitchSite();
  const signOut = useSignOut();
  const signOutEverywhere = useSignOut(true);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">Plaza</span>
        {session.sites.length > 1 ? (
          <label className="site-switch">
            <span className="visually-hidden">Site</span>
            <select
              value={session.site.id}
              disabled={switchSite.isPending}
              onChange={(event) => switchSite.mutate(event.target.value)}
            >
              {session.sites.map((site) => (
                <option key={site.id} value={site.id}>
                  {site.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span className="site-name">{session.site.name}</span>
        )}
        <span className="owner">{session.owner.email}</span>
        <button type="button" className="button button-quiet" onClick={() => signOut.mutate()}>
          Sign out
        </button>
        <button type="button" className="button button-quiet" onClick={() => signOutEverywhere.mutate()}>
          Sign out everywhere
        </button>
      </header>
      <nav className="sidenav" aria-label="Sections">
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
