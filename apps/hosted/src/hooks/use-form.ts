import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { describeError, type Problem } from '../lib/messages.ts';
import type { Errors } from '../lib/validation.ts';

/**
 * State of one form: values, inline errors, the server problem, the busy flag. Client-side errors
 * move focus to the first invalid field; server errors to their field, or to the alert summary.
 */
export function useForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});
  const summaryRef = useRef<HTMLDivElement>(null);
  const order = Object.keys(initial) as F[];
  const [focusTarget, setFocusTarget] = useState<{ field?: F | undefined; at: number }>();

  useEffect(() => {
    if (!focusTarget) return;
    const input = focusTarget.field ? inputs.current[focusTarget.field] : undefined;
    if (input) {
      input.focus();
      input.select();
    } else summaryRef.current?.focus();
  }, [focusTarget]);

  const bind = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => {
        if (!current[name]) return current;
        const { [name]: _, ...rest } = current;
        return rest as Errors<F>;
      });
    },
  });

  /** Validates, then runs `action` with the busy state; failures become the problem shown. */
  async function submit(validate: () => Errors<F>, action: () => Promise<void>) {
    if (busy) return;
    setProblem(undefined);
    const found = validate();
    setErrors(found);
    const firstInvalid = order.find((field) => found[field]);
    if (firstInvalid) {
      setFocusTarget({ field: firstInvalid, at: Date.now() });
      return;
    }
    setBusy(true);
    try {
      await action();
    } catch (error) {
      const next = describeError(error);
      setProblem(next);
      setErrors(next.fields as Errors<F>);
      setFocusTarget({ field: order.find((field) => (next.fields as Errors<F>)[field]), at: Date.now() });
    } finally {
      setBusy(false);
    }
  }

  return { values, errors, problem, setProblem, busy, bind, submit, summaryRef };
}
