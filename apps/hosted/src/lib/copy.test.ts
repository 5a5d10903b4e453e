import { describe, expect, it } from 'vitest';
import { brandOf, problemText } from './copy.ts';
import type { SessionProblem } from './session.ts';

describe('problemText', () => {
  it('says what happened and what to do, per flow', () => {
    expect(problemText('expired', 'sign-in')).toEqual({
      title: 'This sign-in link has expired',
      text: 'Links like this work for one hour. Go back to the site and choose “Sign in” again.',
    });
    expect(problemText('completed', 'sign-out').title).toBe('This sign-out link was already used');
    expect(problemText('missing', 'reset').text).toMatch(/new password reset e-mail/);
    expect(problemText('expired', 'checkout')).toEqual({
      title: 'This checkout link has expired',
      text: 'Links like this work for one hour. Go back to the store and check out again.',
    });
    expect(problemText('completed', 'checkout').title).toBe('This order was already placed');
    expect(problemText('not-found', 'checkout').title).toBe('This checkout link is not valid');
  });

  it('has a title for every problem', () => {
    const problems: SessionProblem[] = [
      'missing',
      'not-found',
      'expired',
      'completed',
      'wrong-intent',
      'no-client',
      'unreachable',
      'failed',
    ];
    const titles = problems.map((problem) => problemText(problem, 'sign-in').title);
    expect(new Set(titles).size).toBe(problems.length);
  });
});

describe('brandOf', () => {
  it('shows the site name, and the app when it differs', () => {
    expect(brandOf('Shop', 'Storefront')).toEqual({ brand: 'Shop', lead: 'to continue to Storefront' });
    expect(brandOf('Shop', 'Shop')).toEqual({ brand: 'Shop', lead: undefined });
    expect(brandOf(undefined, 'Storefront')).toEqual({ brand: 'Storefront', lead: undefined });
    expect(brandOf(undefined, undefined)).toEqual({ brand: undefined, lead: undefined });
  });
});
