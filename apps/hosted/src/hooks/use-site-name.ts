import { useEffect, useState } from 'react';
import { peekSiteName, siteName } from '../lib/session.ts';

/** The site's name for pages reached without a redirect session (e-mail links). */
export function useSiteName(clientId: string | undefined): string | undefined {
  const [name, setName] = useState(() => (clientId ? peekSiteName(clientId) : undefined));
  useEffect(() => {
    if (!clientId || name) return;
    let live = true;
    void siteName(clientId).then((found) => live && setName(found));
    return () => {
      live = false;
    };
  }, [clientId, name]);
  return name;
}
