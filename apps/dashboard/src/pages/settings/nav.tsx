import { NavLink } from 'react-router';
import './settings.css';

const PAGES = [
  { to: '/settings', label: 'General', end: true },
  { to: '/settings/taxes', label: 'Taxes', end: false },
  { to: '/settings/shipping', label: 'Shipping', end: false },
  { to: '/settings/coupons', label: 'Coupons', end: false },
  { to: '/settings/oauth-apps', label: 'OAuth apps', end: false },
  { to: '/settings/sso', label: 'SSO', end: false },
  { to: '/settings/mailbox', label: 'Mailbox', end: false },
  { to: '/settings/sign-in', label: 'Sign-in', end: false },
];

/** The pages of Settings, under the page's heading. */
export function SettingsNav() {
  return (
    <nav className="settings-nav" aria-label="Settings pages">
      <ul>
        {PAGES.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} end={page.end}>
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A Settings page's heading and the Settings pages' navigation. */
export function SettingsHead({ title }: { title: string }) {
  return (
    <>
      <div className="page-head">
        <h1>{title}</h1>
      </div>
      <SettingsNav />
    </>
  );
}
