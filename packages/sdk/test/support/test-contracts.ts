// Contracts of calls that do not exist in @plaza/contracts yet, shaped after the API map, to test
// the query builder and the wire rules the way real modules will use them.
import { defineCall, PagingMetadata, Query } from '@plaza/contracts';
import { Type } from '@sinclair/typebox';
import { call } from '../../src/core/calls.ts';
import { queryCall } from '../../src/query/query-call.ts';

const Service = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.String(),
  createdDate: Type.String(),
  category: Type.Optional(Type.Object({ id: Type.String(), name: Type.String() })),
  tags: Type.Optional(Type.Array(Type.String())),
});

export const queryServices = defineCall({
  name: 'queryServices',
  method: 'POST',
  paths: ['/_api/bookings/v2/services/query'],
  access: 'anyone',
  summary: 'test',
  request: Type.Object({
    query: Type.Optional(Query),
    conditionalFields: Type.Optional(Type.Array(Type.String())),
  }),
  response: Type.Object({ services: Type.Array(Service), pagingMetadata: PagingMetadata }),
});

const Product = Type.Object({
  id: Type.String(),
  name: Type.String(),
  collectionIds: Type.Array(Type.String()),
  priceData: Type.Object({ price: Type.Number() }),
});

export const queryProducts = defineCall({
  name: 'queryProducts',
  method: 'GET',
  paths: ['/stores-reader/v1/products/query-platformized'],
  access: 'anyone',
  summary: 'test',
  request: Type.Object({ query: Type.Optional(Query) }),
  response: Type.Object({ products: Type.Array(Product), metadata: PagingMetadata }),
});

export const getService = defineCall({
  name: 'getService',
  method: 'GET',
  paths: ['/_api/bookings/v2/services/{serviceId}'],
  access: 'anyone',
  summary: 'test',
  request: Type.Object({
    serviceId: Type.String(),
    conditionalFields: Type.Optional(Type.Array(Type.String())),
  }),
  response: Type.Object({ service: Service }),
});

export const updateService = defineCall({
  name: 'updateService',
  method: 'PATCH',
  paths: ['/_api/bookings/v2/services/{service.id}'],
  access: 'admin',
  summary: 'test',
  request: Type.Object({ service: Type.Object({ id: Type.String(), name: Type.Optional(Type.String()) }) }),
  response: Type.Object({ service: Service }),
});

export const searchByLongFilter = defineCall({
  name: 'searchByLongFilter',
  method: 'GET',
  paths: ['/test/v1/search'],
  access: 'anyone',
  summary: 'test',
  request: Type.Object({ text: Type.String() }),
  response: Type.Object({}),
});

export const testCalls = {
  queryServices: ['POST', '/_api/bookings/v2/services/query'],
  queryProducts: ['POST', '/stores-reader/v1/products/query-platformized'],
  getService: ['GET', '/_api/bookings/v2/services/{serviceId}'],
  updateService: ['PATCH', '/_api/bookings/v2/services/{service.id}'],
  searchByLongFilter: ['GET', '/test/v1/search'],
} as const;

/** A module the way real domain modules are written. */
export const bookings = {
  queryServices: queryCall<typeof queryServices, 'services'>(testCalls, 'queryServices', {
    items: 'services',
  }),
  getService: call<typeof getService>(testCalls, 'getService'),
  updateService: call<typeof updateService>(testCalls, 'updateService'),
  searchByLongFilter: call<typeof searchByLongFilter>(testCalls, 'searchByLongFilter', {
    postFallback: true,
  }),
};

export const stores = {
  queryProducts: queryCall<typeof queryProducts, 'products'>(testCalls, 'queryProducts', {
    items: 'products',
    metadata: 'metadata',
  }),
};
