import type { ReactNode } from 'react';
import { ApiError } from '../api/client.ts';

/** The API's field violations whose path starts with one of `prefixes` (e.g. `plan.pricing`). */
export function violationsOf(error: unknown, ...prefixes: string[]): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const found = error.fieldViolations.filter((v) =>
    prefixes.some((prefix) => v.field === prefix || v.field.startsWith(`${prefix}.`)),
  );
  return found.length > 0 ? found.map((v) => v.description).join(' ') : undefined;
}

/**
 * The error of a form as a whole: the message when no violation names a field shown (`shown`), so a
 * refusal is never silent.
 */
export function FormError({ error, shown }: { error: unknown; shown: string[] }) {
  if (!error) return null;
  const unplaced =
    error instanceof ApiError
      ? error.fieldViolations.filter((v) => !shown.some((p) => v.field === p || v.field.startsWith(`${p}.`)))
      : [];
  const placedAll = error instanceof ApiError && error.fieldViolations.length > 0 && unplaced.length === 0;
  if (placedAll) return null;
  return (
    <p className="form-error" role="alert">
      {error instanceof ApiError ? error.message : 'Something went wrong.'}
      {unplaced.length > 0 ? ` ${unplaced.map((v) => `${v.field}: ${v.description}`).join(' ')}` : ''}
    </p>
  );
}

/** A labelled control with its violation beside it, tied to it for screen readers. */
export function Field(props: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint ? (
        <span className="muted small" id={`${props.id}-hint`}>
          {props.hint}
        </span>
      ) : null}
      {props.error ? (
        <span className="field-error" id={`${props.id}-error`}>
          {props.error}
        </span>
      ) : null}
    </div>
  );
}

/** `aria-invalid` and `aria-describedby` for a control inside `Field`. */
export const describedBy = (id: string, error?: string, hint?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby':
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
});
