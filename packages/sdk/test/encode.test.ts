import { describe, expect, it } from 'vitest';
import { encodeRequest, fillPath, MAX_QUERY_STRING_LENGTH, toQueryString } from '../src/core/encode.ts';
import type { CallRecord } from '../src/core/types.ts';

const get = (path: string, postFallback = false): CallRecord => ({
  name: 'testCall',
  method: 'GET',
  path,
  postFallback,
});

describe('toQueryString (API map 2.3)', () => {
  it('flattens nested objects with dots', () => {
    expect(toQueryString({ participantNotification: { notifyParticipants: true, message: 'hi' } })).toBe(
      'participantNotification.notifyParticipants=true&participantNotification.message=hi',
    );
  });

  it('repeats the key for arrays of scalars, never key[]', () => {
    expect(toQueryString({ fields: ['DETAILS', 'TEXTS'] })).toBe('fields=DETAILS&fields=TEXTS');
  });

  it('drops arrays of objects and skips null and undefined', () => {
    expect(toQueryString({ a: [{ x: 1 }, { y: 2 }], b: null, c: undefined, d: 'kept', e: [null, 'x'] })).toBe(
      'd=kept&e=x',
    );
  });

  it('stringifies booleans and numbers and keeps field order', () => {
    expect(toQueryString({ limit: 10, archived: false, offset: 0 })).toBe('limit=10&archived=false&offset=0');
  });

  it('writes dates as ISO text', () => {
    expect(toQueryString({ startDate: new Date('2024-01-01T00:00:00Z') })).toBe(
      'startDate=2024-01-01T00%3A00%3A00.000Z',
    );
  });

  it('uses form encoding: space as +, ":" as %3A, "/" as %2F', () => {
    expect(toQueryString({ q: 'a b:c/d' })).toBe('q=a+b%3Ac%2Fd');
  });

  it('gives an empty string for an empty request', () => {
    expect(toQueryString({})).toBe('');
  });
});

describe('fillPath (API map 2.1)', () => {
  it('substitutes plain and dotted parameters', () => {
    expect(fillPath({ ...get('/v1/{a}/x/{b.c}') }, { a: 'one', b: { c: 'two' } })).toBe('/v1/one/x/two');
  });

  it('percent-encodes the value', () => {
    expect(fillPath(get('/v1/slug/{slug}'), { slug: 'a/b c' })).toBe('/v1/slug/a%2Fb%20c');
  });

  it('refuses a missing value instead of sending "undefined"', () => {
    expect(() => fillPath(get('/v1/{service.id}'), {})).toThrow('testCall: the request needs "service.id"');
  });
});

describe('encodeRequest', () => {
  it('keeps path parameters in the query string of a GET', () => {
    const encoded = encodeRequest(get('/_api/bookings/v2/services/{serviceId}'), { serviceId: 's1' });
    expect(encoded).toEqual({ method: 'GET', target: '/_api/bookings/v2/services/s1?serviceId=s1' });
  });

  it('keeps path parameters in the JSON body of a PATCH', () => {
    const call: CallRecord = { name: 'update', method: 'PATCH', path: '/v1/things/{thing.id}' };
    const encoded = encodeRequest(call, { thing: { id: 't1', name: 'New' } });
    expect(encoded).toEqual({
      method: 'PATCH',
      target: '/v1/things/t1',
      body: '{"thing":{"id":"t1","name":"New"}}',
    });
  });

  it('sends an empty POST request as {}', () => {
    expect(encodeRequest({ name: 'x', method: 'POST', path: '/v1/x' }, undefined).body).toBe('{}');
  });

  it('sends non-finite numbers as "NaN", "Infinity" and "-Infinity" in bodies, packed and plain query strings', () => {
    const request = {
      product: { weight: Number.NaN, priceData: { price: Number.POSITIVE_INFINITY } },
      low: -Infinity,
    };
    const wire = '{"product":{"weight":"NaN","priceData":{"price":"Infinity"}},"low":"-Infinity"}';
    expect(encodeRequest({ name: 'x', method: 'POST', path: '/v1/x' }, request).body).toBe(wire);
    const packed = encodeRequest({ name: 'x', method: 'GET', path: '/v1/x', packRequest: true }, request);
    expect(Buffer.from(packed.target.split('.r=')[1]!, 'base64url').toString()).toBe(wire);
    expect(toQueryString({ low: -Infinity, at: Number.NaN })).toBe('low=-Infinity&at=NaN');
  });

  it('sends DELETE fields in the query string, without a body', () => {
    const encoded = encodeRequest({ name: 'x', method: 'DELETE', path: '/v1/x/{id}' }, { id: 'a' });
    expect(encoded).toEqual({ method: 'DELETE', target: '/v1/x/a?id=a' });
  });

  describe('POST fallback of long GETs', () => {
    // "text=" is 5 characters, so the query string is 5 + length of the value.
    const withQueryLength = (length: number) => ({ text: 'x'.repeat(length - 5) });

    it('stays a GET at exactly 4000 characters', () => {
      const encoded = encodeRequest(get('/v1/search', true), withQueryLength(MAX_QUERY_STRING_LENGTH));
      expect(encoded.method).toBe('GET');
      expect(encoded.target.length).toBe('/v1/search?'.length + 4000);
    });

    it('becomes a POST with the same object as JSON body past 4000 characters', () => {
      const request = withQueryLength(MAX_QUERY_STRING_LENGTH + 1);
      expect(encodeRequest(get('/v1/search', true), request)).toEqual({
        method: 'POST',
        target: '/v1/search',
        body: JSON.stringify(request),
      });
    });

    it('stays a GET past 4000 characters when the call declares no fallback', () => {
      expect(encodeRequest(get('/v1/search'), withQueryLength(5000)).method).toBe('GET');
    });
  });
});
