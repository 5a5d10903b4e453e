import { useMemo } from 'react';
import { API_URL } from '../config.ts';
import { currentSiteId } from '../data/setup.ts';
import { type OwnerLinks, ownerLinks } from '../lib/owner-links.ts';
import { useSession } from '../state/session.tsx';

/** The owner's links for the connected site (its id read from the access token once tokens exist). */
export function useOwnerLinks(): OwnerLinks {
  const { startup } = useSession();
  const ready = startup.status === 'ready';
  return useMemo(() => ownerLinks(API_URL, ready ? currentSiteId() : null), [ready]);
}
