/**
 * Route prefetching: router.tsx registers, per path, what opening it needs (its code chunk and
 * its data); links call `prefetchRoute` when they come within 200 px of the viewport (seed
 * section 9) or get hovered / focused. Each path is prefetched once per page load.
 */
export const PREFETCH_MARGIN = '200px';

const prefetchers = new Map<string, () => void>();
const done = new Set<string>();

export function registerPrefetch(path: string, prefetch: () => void): void {
  prefetchers.set(path, prefetch);
}

export function prefetchRoute(path: string): void {
  const pathname = path.split(/[?#]/)[0] || '/';
  if (done.has(pathname)) return;
  const prefetch = prefetchers.get(pathname);
  if (!prefetch) return;
  done.add(pathname);
  try {
    prefetch();
  } catch (error) {
    done.delete(pathname);
    console.warn(`Prefetching ${pathname} failed`, error);
  }
}

/** One observer for every link: calls `onVisible` once when the element nears the viewport. */
let observer: IntersectionObserver | undefined;
const callbacks = new WeakMap<Element, () => void>();

export function observeNearViewport(element: Element, onVisible: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onVisible();
    return () => {};
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        callbacks.get(entry.target)?.();
        callbacks.delete(entry.target);
      }
    },
    { rootMargin: PREFETCH_MARGIN },
  );
  callbacks.set(element, onVisible);
  observer.observe(element);
  return () => {
    callbacks.delete(element);
    observer?.unobserve(element);
  };
}

/** Runs `task` once the browser is idle (after the page's own first requests), at most 2 s later. */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}

/** For tests: forget what was prefetched. */
export function resetPrefetch(): void {
  done.clear();
}
