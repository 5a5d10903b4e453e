import type { Ref } from 'react';
import { ErrorSummary, Field, formStyles } from '../../components/form.tsx';
import type { EventAnswers, EventField } from '../../lib/checkout/event.ts';
import styles from './checkout.module.css';
import { SelectField } from './fields.tsx';

export const fieldId = (name: string) => `event-${name}`;

const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel',
};

/**
 * The event's registration form: one field per input, of the kind its control asks for. A guest's
 * form (`keyOf` names its fields among the page's) is not filled in with the buyer's own details.
 */
export function EventFields({
  fields,
  answers,
  errors,
  onChange,
  register,
  keyOf,
}: {
  fields: EventField[];
  answers: EventAnswers;
  errors: Record<string, string>;
  onChange: (name: string, value: string | string[]) => void;
  register: (name: string) => (element: HTMLElement | null) => void;
  keyOf?: (name: string) => string;
}) {
  return (
    <div className={formStyles.form}>
      {fields.map((field) => {
        const key = keyOf ? keyOf(field.name) : field.name;
        const id = fieldId(key);
        const answer = answers[field.name] ?? '';
        const error = errors[key];
        if (field.kind === 'checkboxes') {
          const ticked = Array.isArray(answer) ? answer : [];
          return (
            <fieldset key={field.name} className={formStyles.field} aria-invalid={error ? true : undefined}>
              <legend className={formStyles.label}>
                {field.label}
                {!field.required && <span className={formStyles.optional}> (optional)</span>}
              </legend>
              {field.options.map((option, index) => (
                <label key={option} className={formStyles.label}>
                  <input
                    type="checkbox"
                    id={index === 0 ? id : undefined}
                    ref={index === 0 ? register(key) : undefined}
                    checked={ticked.includes(option)}
                    onChange={(event) =>
                      onChange(
                        field.name,
                        event.target.checked ? [...ticked, option] : ticked.filter((o) => o !== option),
                      )
                    }
                  />{' '}
                  {option}
                </label>
              ))}
              {error && <p className={formStyles.error}>{error}</p>}
            </fieldset>
          );
        }
        const text = Array.isArray(answer) ? '' : answer;
        if (field.kind === 'choice')
          return (
            <SelectField
              key={field.name}
              id={id}
              name={key}
              label={field.required ? field.label : `${field.label} (optional)`}
              placeholder="Choose…"
              options={field.options.map((option) => ({ value: option, label: option }))}
              value={text}
              error={error}
              selectRef={register(key)}
              onChange={(event) => onChange(field.name, event.target.value)}
            />
          );
        if (field.kind === 'textarea')
          return (
            <div key={field.name} className={formStyles.field}>
              <label htmlFor={id} className={formStyles.label}>
                {field.label}
                {!field.required && <span className={formStyles.optional}> (optional)</span>}
              </label>
              <textarea
                id={id}
                name={key}
                ref={register(key)}
                className={formStyles.input}
                rows={3}
                maxLength={field.maxLength}
                value={text}
                aria-invalid={error ? true : undefined}
                onChange={(event) => onChange(field.name, event.target.value)}
              />
              {error && <p className={formStyles.error}>{error}</p>}
            </div>
          );
        return (
          <Field
            key={field.name}
            id={id}
            name={key}
            label={field.label}
            optional={!field.required}
            type={field.kind === 'email' ? 'email' : field.kind === 'date' ? 'date' : 'text'}
            autoComplete={keyOf ? 'off' : AUTOCOMPLETE[field.name]}
            {...(field.kind === 'email'
              ? { inputMode: 'email' as const, autoCapitalize: 'off', spellCheck: false }
              : {})}
            maxLength={field.maxLength}
            required={field.required}
            hint={field.kind === 'email' && !keyOf ? 'Your tickets and the confirmation go here.' : undefined}
            value={text}
            error={error}
            inputRef={register(key)}
            onChange={(event) => onChange(field.name, event.target.value)}
          />
        );
      })}
    </div>
  );
}

/** What stopped the last press: a summary and, for invalid details, a link to each field. */
export interface EventFormProblem {
  summary: string;
  list?: { field: string; message: string }[];
}

export function EventProblem({
  problem,
  summaryRef,
  onFocusField,
}: {
  problem: EventFormProblem | undefined;
  summaryRef: Ref<HTMLDivElement>;
  onFocusField: (field: string) => void;
}) {
  return (
    <ErrorSummary message={problem?.summary} summaryRef={summaryRef}>
      {problem?.list && (
        <ul className={styles.problemList}>
          {problem.list.map(({ field, message }) => (
            <li key={field}>
              <a
                href={`#${fieldId(field)}`}
                onClick={(event) => {
                  event.preventDefault();
                  onFocusField(field);
                }}
              >
                {message}
              </a>
            </li>
          ))}
        </ul>
      )}
    </ErrorSummary>
  );
}
