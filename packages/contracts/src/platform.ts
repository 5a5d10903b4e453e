import { Type } from '@sinclair/typebox';
import { defineCall } from './define.ts';

export const getHealth = defineCall({
  name: 'getHealth',
  method: 'GET',
  paths: ['/healthz'],
  access: 'public',
  summary: 'Liveness and database reachability.',
  request: Type.Object({}),
  response: Type.Object({
    status: Type.Literal('ok'),
    database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
    version: Type.String(),
  }),
});

export const platformCalls = [getHealth] as const;
