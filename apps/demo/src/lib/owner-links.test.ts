import { describe, expect, it } from 'vitest';
import { ownerLinks } from './owner-links.ts';

describe('owner links', () => {
  it('point at the API reference with the site id and app', () => {
    const links = ownerLinks('http://localhost:4000', 'site-1');
    expect(links.appSettings('bookings')).toBe(
      'http://localhost:4000/docs?siteId=site-1&app=bookings#tag/sites/PATCH/plaza/v1/site',
    );
    expect(links.paymentSettings).toBe(
      'http://localhost:4000/docs?siteId=site-1#tag/ecom/PATCH/plaza/v1/ecom-settings',
    );
  });

  it('work without a site id', () => {
    expect(ownerLinks('http://api', null).paymentSettings).toBe(
      'http://api/docs#tag/ecom/PATCH/plaza/v1/ecom-settings',
    );
  });
});
