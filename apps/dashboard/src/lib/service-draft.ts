import type { RateType, Service } from '../api/bookings.ts';
import { durationOf } from './bookings.ts';

/** A service as its form edits it, and back: the fields the dashboard shows of a service. */

/** The fields of a service the dashboard edits. */
export interface ServiceDraft {
  name: string;
  duration: string;
  rateType: RateType;
  price: string;
  customText: string;
  staffIds: string[];
  onlineEnabled: boolean;
  manualApproval: boolean;
}

export const EMPTY_SERVICE: ServiceDraft = {
  name: '',
  duration: '60',
  rateType: 'FIXED',
  price: '',
  customText: '',
  staffIds: [],
  onlineEnabled: true,
  manualApproval: false,
};

export function draftOf(service: Service): ServiceDraft {
  const payment = service.payment ?? {};
  return {
    name: service.name,
    duration: String(durationOf(service) ?? ''),
    rateType: payment.rateType ?? 'NO_FEE',
    price: payment.fixed?.price?.value ?? payment.varied?.defaultPrice?.value ?? '',
    customText: payment.custom?.description ?? '',
    staffIds: service.staffMemberIds ?? [],
    onlineEnabled: service.onlineBooking?.enabled !== false,
    manualApproval: service.onlineBooking?.requireManualApproval === true,
  };
}

/** The service fields of a draft; `current` keeps what the form does not show (payment options). */
export function serviceFieldsOf(draft: ServiceDraft, current?: Service) {
  const options = current?.payment?.options ?? { online: true, inPerson: true };
  const price = { value: draft.price.trim() };
  const payment =
    draft.rateType === 'FIXED'
      ? { rateType: 'FIXED', fixed: { price }, options }
      : draft.rateType === 'VARIED'
        ? { rateType: 'VARIED', varied: { defaultPrice: price }, options }
        : draft.rateType === 'CUSTOM'
          ? { rateType: 'CUSTOM', custom: { description: draft.customText.trim() }, options }
          : { rateType: 'NO_FEE' };
  const minutes = Number(draft.duration);
  return {
    name: draft.name.trim(),
    payment,
    staffMemberIds: draft.staffIds,
    onlineBooking: {
      ...current?.onlineBooking,
      enabled: draft.onlineEnabled,
      requireManualApproval: draft.manualApproval,
    },
    schedule: {
      ...current?.schedule,
      availabilityConstraints: {
        ...current?.schedule?.availabilityConstraints,
        // An empty or non-numeric duration goes as it is, so the API names the field.
        sessionDurations: [
          Number.isInteger(minutes) && draft.duration.trim() ? minutes : (draft.duration as never),
        ],
      },
    },
  };
}
