/**
 * Bulk service calls (API map 8): `/bookings/v2/bulk/services` on the platform's hosts (also under
 * `/bookings/services/v2/bulk/services`), bare `/v2/bulk/services` on a custom host.
 */
import { Type } from '@sinclair/typebox';
import {
  BulkServiceResults,
  ParticipantNotification,
  ServicePatch,
  serviceFields,
} from './bookings-schemas.ts';
import { Id } from './common.ts';
import { defineCall } from './define.ts';

const app = 'bookings' as const;
const bulk = (path: string) =>
  [
    `/bookings/v2/bulk/services${path}`,
    `/bookings/services/v2/bulk/services${path}`,
    `/v2/bulk/services${path}`,
  ] as const;
const Filter = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);
const SessionOptions = {
  preserveFutureSessionsWithParticipants: Type.Optional(Type.Boolean()),
  participantNotification: Type.Optional(ParticipantNotification),
};

const Mask = Type.Union([
  Type.String({ maxLength: 2000 }),
  Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 }),
]);

export const bulkUpdateServices = defineCall({
  name: 'bulkUpdateServices',
  method: 'POST',
  paths: bulk('/update'),
  access: 'admin',
  app,
  summary:
    'Updates each service as updateService would (its `mask` names the fields), one by one: a failure of one leaves the others done.',
  request: Type.Object({
    services: Type.Array(Type.Object({ service: ServicePatch, mask: Type.Optional(Mask) }), {
      minItems: 1,
      maxItems: 100,
    }),
    returnEntity: Type.Optional(Type.Boolean()),
  }),
  response: BulkServiceResults,
});

export const bulkUpdateServicesByFilter = defineCall({
  name: 'bulkUpdateServicesByFilter',
  method: 'POST',
  paths: bulk('/update-by-filter'),
  access: 'admin',
  app,
  summary:
    'Sets the fields of `service` (or of `mask`) on every service the filter matches (at most 1,000); done when it answers, the `jobId` names the run.',
  request: Type.Object({
    filter: Filter,
    service: Type.Object(serviceFields),
    mask: Type.Optional(Mask),
  }),
  response: Type.Object({ jobId: Type.String() }),
});

export const bulkDeleteServices = defineCall({
  name: 'bulkDeleteServices',
  method: 'POST',
  paths: bulk('/delete'),
  access: 'admin',
  app,
  summary: 'Deletes each service; unknown ids fail alone.',
  request: Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 100 }), ...SessionOptions }),
  response: BulkServiceResults,
});

export const bulkDeleteServicesByFilter = defineCall({
  name: 'bulkDeleteServicesByFilter',
  method: 'POST',
  paths: bulk('/delete-by-filter'),
  access: 'admin',
  app,
  summary:
    'Deletes every service the filter matches (at most 1,000); done when it answers, the `jobId` names the run.',
  request: Type.Object({ filter: Filter, ...SessionOptions }),
  response: Type.Object({ jobId: Type.String() }),
});
