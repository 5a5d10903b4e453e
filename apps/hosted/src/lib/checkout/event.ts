/**
 * The hosted ticket page's data (@plaza/contracts `getHostedEventCheckout`) and what the page does
 * with it: the time left on the reservation, the registration form's inputs as fields, the buyer's
 * answers checked before anything is sent and turned into the form the server takes.
 */
import { emailError } from '../validation.ts';

export interface EventFormInput {
  name?: string;
  label?: string;
  mandatory?: boolean;
  maxLength?: number;
  options?: string[];
  type?: string;
  array?: boolean;
}

export interface EventFormControl {
  type?: string;
  name?: string;
  label?: string;
  inputs: EventFormInput[];
}

export interface InputValue {
  inputName: string;
  value: string;
  values: string[];
}

export interface HostedEventCheckout {
  event: {
    id: string;
    slug: string;
    title: string;
    shortDescription?: string;
    startDate?: string;
    endDate?: string;
    timeZoneId: string;
    dateAndTime: string;
    venue?: string;
  };
  reservation: {
    id: string;
    status: string;
    expires: string;
    tickets: Array<{
      ticketDefinitionId: string;
      name: string;
      quantity: number;
      price: { amount: string; currency: string; formattedAmount: string };
    }>;
  };
  form: { controls: EventFormControl[] };
  details?: {
    firstName: string;
    lastName: string;
    email: string;
    form: { inputValues: InputValue[] };
    guests?: SavedGuest[];
  };
  order?: {
    orderNumber: string;
    status: string;
    tickets: Array<{ ticketNumber: string; name: string; guestName?: string; pdfUrl?: string }>;
    ticketsPdfUrl?: string;
  };
  calendarLinks: { google: string; ics: string };
  reserveAgainUrl?: string;
  postFlowUrl?: string;
}

/** A ticket's guest as saved: no names for a ticket no guest was named for. */
export interface SavedGuest {
  firstName?: string;
  lastName?: string;
  email?: string;
  form: { inputValues: InputValue[] };
}

/** One field of the page: an input of the form, labelled, of the kind its control asks for. */
export interface EventField {
  name: string;
  label: string;
  kind: 'text' | 'email' | 'textarea' | 'choice' | 'checkboxes' | 'date';
  required: boolean;
  maxLength?: number;
  options: string[];
}

const BUYER: EventField[] = [
  { name: 'firstName', label: 'First name', kind: 'text', required: true, maxLength: 100, options: [] },
  { name: 'lastName', label: 'Last name', kind: 'text', required: true, maxLength: 100, options: [] },
  { name: 'email', label: 'E-mail', kind: 'email', required: true, maxLength: 255, options: [] },
];

function kindOf(control: EventFormControl, input: EventFormInput): EventField['kind'] {
  if (input.name === 'email') return 'email';
  switch (control.type) {
    case 'TEXTAREA':
      return 'textarea';
    case 'DROPDOWN':
    case 'RADIO':
      return 'choice';
    case 'CHECKBOX':
      return input.options?.length ? 'checkboxes' : 'choice';
    case 'DATE':
      return 'date';
    default:
      return input.options?.length ? 'choice' : 'text';
  }
}

/**
 * The fields of the event's form in its order, the buyer's name and e-mail first whatever the form
 * says (the tickets and the confirmation need them). Guest counts (GUEST_CONTROL) are not asked: the
 * reservation fixed them.
 */
export function eventFields(form: HostedEventCheckout['form']): EventField[] {
  const fields: EventField[] = [];
  for (const control of form.controls) {
    if (control.type === 'GUEST_CONTROL') continue;
    for (const input of control.inputs) {
      if (!input.name || fields.some((field) => field.name === input.name)) continue;
      const kind = kindOf(control, input);
      fields.push({
        name: input.name,
        label: input.label || control.label || input.name,
        kind,
        required: input.mandatory === true,
        ...(input.maxLength ? { maxLength: input.maxLength } : {}),
        options: input.options ?? [],
      });
    }
  }
  const buyer = BUYER.map((base) => {
    const given = fields.find((field) => field.name === base.name);
    return given ? { ...given, kind: base.kind, required: true } : base;
  });
  return [...buyer, ...fields.filter((field) => !BUYER.some((base) => base.name === field.name))];
}

/** What each field holds: a text, or the options ticked. */
export type EventAnswers = Record<string, string | string[]>;

export function startingAnswers(
  fields: EventField[],
  details: (Omit<SavedGuest, 'form'> & Partial<Pick<SavedGuest, 'form'>>) | undefined,
): EventAnswers {
  const saved = new Map((details?.form?.inputValues ?? []).map((value) => [value.inputName, value]));
  return Object.fromEntries(
    fields.map((field) => {
      const value = saved.get(field.name);
      if (field.kind === 'checkboxes') return [field.name, value?.values ?? []];
      const buyer = details?.[field.name as 'firstName' | 'lastName' | 'email'];
      return [field.name, value?.value || (typeof buyer === 'string' ? buyer : '')];
    }),
  );
}

/**
 * Checked in the browser so the buyer fixes everything in one go; the server checks again. `whose`
 * names whom a missing answer is asked of.
 */
export function answerErrors(
  fields: EventField[],
  answers: EventAnswers,
  whose = 'your',
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const answer = answers[field.name] ?? '';
    const texts = (Array.isArray(answer) ? answer : [answer]).map((text) => text.trim()).filter(Boolean);
    if (texts.length === 0) {
      if (field.required) errors[field.name] = `Enter ${whose} ${field.label.toLowerCase()}.`;
      continue;
    }
    if (field.kind === 'email') {
      const problem = emailError(texts[0]!);
      if (problem) errors[field.name] = problem;
    } else if (field.maxLength && texts.some((text) => text.length > field.maxLength!))
      errors[field.name] = `Use at most ${field.maxLength} characters.`;
  }
  return errors;
}

/** The form as `updateHostedEventCheckout` takes it. */
export function formToSend(fields: EventField[], answers: EventAnswers) {
  return {
    inputValues: fields.flatMap((field) => {
      const answer = answers[field.name] ?? '';
      if (Array.isArray(answer))
        return answer.length > 0 ? [{ inputName: field.name, value: '', values: answer }] : [];
      const value = answer.trim();
      return value ? [{ inputName: field.name, value, values: [] }] : [];
    }),
  };
}

/** The server's `form.<input>` violations, by field name. */
export function answerErrorsOf(violations: ReadonlyArray<{ field: string; description: string }>) {
  const errors: Record<string, string> = {};
  for (const violation of violations)
    if (violation.field.startsWith('form.'))
      errors[violation.field.slice('form.'.length)] = `This ${violation.description}.`;
  return errors;
}

/** `14:05` (minutes and seconds) left until `expires`, and nothing left once it passed. */
export function timeLeft(expires: string, nowMs: number): { ms: number; text: string } {
  const ms = Math.max(0, Date.parse(expires) - nowMs);
  const seconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return { ms, text: `${minutes}:${String(seconds % 60).padStart(2, '0')}` };
}

/** `2 tickets`, `1 ticket`. */
export const ticketCount = (count: number) => (count === 1 ? '1 ticket' : `${count} tickets`);
