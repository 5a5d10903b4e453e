import { type ComponentProps, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { observeNearViewport, prefetchRoute } from '../lib/prefetch.ts';

/**
 * A router link that prefetches its route (code and data) once it is within 200 px of the
 * viewport, or on hover / focus, whichever comes first.
 */
export function PrefetchLink({
  to,
  onMouseEnter,
  onFocus,
  ...props
}: ComponentProps<typeof Link> & { to: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const element = ref.current;
    return element ? observeNearViewport(element, () => prefetchRoute(to)) : undefined;
  }, [to]);
  return (
    <Link
      ref={ref}
      to={to}
      onMouseEnter={(event) => {
        prefetchRoute(to);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        prefetchRoute(to);
        onFocus?.(event);
      }}
      {...props}
    />
  );
}
