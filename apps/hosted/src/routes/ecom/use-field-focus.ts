import { useEffect, useRef, useState } from 'react';

/**
 * Moves the focus to a field after a failed press (its text selected, so typing replaces it) or,
 * with no field to blame, to the problem summary so screen readers read what happened. The
 * timestamp makes a second failure on the same field move the focus again.
 */
export function useFieldFocus<Field extends string>() {
  const [focus, setFocus] = useState<{ field?: Field | undefined; at: number }>();
  const fields = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focus) return;
    const element = focus.field ? fields.current[focus.field] : undefined;
    if (element) {
      element.focus();
      if (element instanceof HTMLInputElement && element.type !== 'radio') element.select();
    } else summaryRef.current?.focus();
  }, [focus]);

  const register = (field: Field) => (element: HTMLElement | null) => {
    fields.current[field] = element;
  };
  const focusOn = (field?: Field) => setFocus({ field, at: Date.now() });
  return { register, focusOn, summaryRef };
}
