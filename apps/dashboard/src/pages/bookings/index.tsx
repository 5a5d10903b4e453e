import { Navigate, NavLink, Route, Routes } from 'react-router';
import { usePendingBookings } from '../../api/bookings.ts';
import { NotFound } from '../not-found.tsx';
import { Approvals } from './approvals.tsx';
import './bookings.css';
import { Calendar } from './calendar.tsx';
import { ServicePage } from './service.tsx';
import { Services } from './services.tsx';
import { Staff } from './staff.tsx';
import { StaffPage } from './staff-member.tsx';

const TABS = [
  { to: 'calendar', label: 'Calendar' },
  { to: 'approvals', label: 'Approvals' },
  { to: 'services', label: 'Services' },
  { to: 'staff', label: 'Staff' },
];

/** Bookings (one chunk, loaded when the section is first opened): the week calendar, approvals, services and staff, each under /bookings/<tab>. */
export function Bookings() {
  // The first page of approvals, shared with the Approvals tab: its total is the count waiting.
  const waiting = usePendingBookings(0).data?.pagingMetadata.total ?? 0;
  return (
    <>
      <nav className="subnav" aria-label="Bookings">
        <ul>
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink to={`/bookings/${tab.to}`}>
                {tab.label}
                {tab.to === 'approvals' && waiting > 0 ? (
                  <span className="badge badge-warn tab-count">
                    {waiting}
                    <span className="visually-hidden"> waiting</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<Navigate to="calendar" replace />} />
        <Route path="calendar" element={<Calendar />} />
        <Route path="approvals" element={<Approvals />} />
        <Route path="services" element={<Services />} />
        <Route path="services/:id" element={<ServicePage />} />
        <Route path="staff" element={<Staff />} />
        <Route path="staff/:id" element={<StaffPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </>
  );
}
