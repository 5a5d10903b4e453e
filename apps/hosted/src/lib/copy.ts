import type { SessionProblem } from './session.ts';

/** Page texts that depend on data (pure, so they are unit tested). */

export type FlowKind = 'sign-in' | 'sign-out' | 'reset' | 'checkout' | 'account' | 'booking';

const LINK: Record<FlowKind, string> = {
  'sign-in': 'sign-in link',
  'sign-out': 'sign-out link',
  reset: 'link',
  checkout: 'checkout link',
  account: 'account link',
  booking: 'booking link',
};

const AGAIN: Record<FlowKind, string> = {
  'sign-in': 'Go back to the site and choose “Sign in” again.',
  'sign-out': 'Go back to the site and sign out again.',
  reset: 'Ask for a new password reset e-mail.',
  checkout: 'Go back to the store and check out again.',
  account: 'Go back to the site and open your account again.',
  booking: 'Go back to the site and choose the service again.',
};

/** Title and explanation of the error page for a redirect session that cannot be used. */
export function problemText(problem: SessionProblem, kind: FlowKind): { title: string; text: string } {
  const link = LINK[kind];
  switch (problem) {
    case 'missing':
      return { title: `This ${link} is incomplete`, text: `Part of the address is missing. ${AGAIN[kind]}` };
    case 'not-found':
      return { title: `This ${link} is not valid`, text: `We could not find it. ${AGAIN[kind]}` };
    case 'expired':
      return { title: `This ${link} has expired`, text: `Links like this work for one hour. ${AGAIN[kind]}` };
    case 'completed':
      return kind === 'checkout'
        ? {
            title: 'This order was already placed',
            text: 'Each checkout link works once, and this one was used to pay.',
          }
        : { title: `This ${link} was already used`, text: `Each link works once. ${AGAIN[kind]}` };
    case 'wrong-intent':
      return { title: `This is not a ${link}`, text: `The link is for another page. ${AGAIN[kind]}` };
    case 'no-client':
      return {
        title: 'This site cannot use this page',
        text: 'The site’s app was removed or changed. Contact the site owner.',
      };
    case 'unreachable':
      return {
        title: 'We could not reach the server',
        text: 'Check your connection and try again.',
      };
    default:
      return { title: 'Something went wrong', text: 'Try again in a moment.' };
  }
}

/** Header of a page: the site's name on top, and which app the visitor continues to. */
export function brandOf(siteName: string | undefined, clientName: string | undefined) {
  const brand = siteName || clientName || undefined;
  const lead = clientName && siteName && clientName !== siteName ? `to continue to ${clientName}` : undefined;
  return { brand, lead };
}
