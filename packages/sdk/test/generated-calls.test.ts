import { readFileSync } from 'node:fs';
import * as contracts from '@plaza/contracts';
import { describe, expect, it } from 'vitest';
import { collectDomains, GENERATED_FILE, renderCallTable } from '../scripts/generate-calls.ts';
import type { Module } from '../src/core/calls.ts';
import * as generated from '../src/generated/calls.ts';
import { account } from '../src/modules/account.ts';
import { bookings } from '../src/modules/bookings.ts';
import { ecom } from '../src/modules/ecom.ts';
import { events } from '../src/modules/events.ts';
import { identity } from '../src/modules/identity.ts';
import { mailbox } from '../src/modules/mailbox.ts';
import { plans } from '../src/modules/plans.ts';
import { platform } from '../src/modules/platform.ts';
import { redirects } from '../src/modules/redirects.ts';
import { sites } from '../src/modules/sites.ts';
import { stores } from '../src/modules/stores.ts';
import { webhooks } from '../src/modules/webhooks.ts';

/** The SDK module of each contract domain. A new domain fails here until its module exists. */
const modulesByDomain: Record<string, Module> = {
  account,
  bookings,
  ecom,
  events,
  identity,
  mailbox,
  platform,
  plans,
  redirects,
  sites,
  stores,
  webhooks,
};

describe('src/generated/calls.ts', () => {
  it('is up to date with @plaza/contracts (run `npx tsx packages/sdk/scripts/generate-calls.ts`)', () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(renderCallTable());
  });

  it('holds plain data only: [method, canonical path] per call', () => {
    for (const table of Object.values(generated)) {
      for (const entry of Object.values(table)) {
        expect(entry).toEqual([
          expect.stringMatching(/^(GET|POST|PATCH|PUT|DELETE)$/),
          expect.stringMatching(/^\//),
        ]);
      }
    }
  });

  it('refuses the same call name in two domains', () => {
    const call = { name: 'getThing', method: 'GET', paths: ['/a'] };
    expect(() => renderCallTable({ aCalls: [call], bCalls: [call] })).toThrow(
      'getThing is defined in both a and b',
    );
  });
});

describe('SDK modules cover the contracts', () => {
  it.each(
    collectDomains(contracts),
  )('%s: one function per call, same method and canonical path', (domain, calls) => {
    const module = modulesByDomain[domain];
    expect(module, `no SDK module for domain ${domain}`).toBeDefined();
    expect(Object.keys(module!).sort()).toEqual(calls.map((call) => call.name).sort());
    for (const call of calls) {
      expect(module![call.name]?.call).toMatchObject({
        name: call.name,
        method: call.method,
        path: call.paths[0],
      });
    }
  });
});
