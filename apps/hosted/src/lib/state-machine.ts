/**
 * The sign-in state machine answered by register, login, verify and recover (API map 6.6, 15.1),
 * mapped to what the page does next.
 */

export interface StateMachineResponse {
  state?: string;
  sessionToken?: string;
  stateToken?: string;
  identity?: { id?: string; email?: { address?: string } };
  mfaChallengeData?: { verificationChallengeData?: { email?: string } };
}

export type Step =
  /** Signed in: the single-use session token authorizes the redirect session. */
  | { kind: 'success'; sessionToken: string }
  /** A 6-digit code was mailed: to prove the e-mail, or as a second factor. */
  | { kind: 'verify'; stateToken: string; reason: 'email' | 'mfa'; email?: string }
  /** The site owner must approve the member first. */
  | { kind: 'approval' }
  /** A state the hosted pages cannot continue (UNKNOWN_STATE, STATUS_CHECK, …). */
  | { kind: 'unsupported'; state: string };

export function stepFor(response: StateMachineResponse): Step {
  const state = response.state ?? 'UNKNOWN_STATE';
  if (state === 'SUCCESS' && response.sessionToken)
    return { kind: 'success', sessionToken: response.sessionToken };
  if ((state === 'REQUIRE_EMAIL_VERIFICATION' || state === 'MFA_CHALLENGE') && response.stateToken) {
    const email =
      state === 'MFA_CHALLENGE'
        ? response.mfaChallengeData?.verificationChallengeData?.email
        : response.identity?.email?.address;
    return {
      kind: 'verify',
      stateToken: response.stateToken,
      reason: state === 'MFA_CHALLENGE' ? 'mfa' : 'email',
      ...(email ? { email } : {}),
    };
  }
  if (state === 'REQUIRE_OWNER_APPROVAL') return { kind: 'approval' };
  return { kind: 'unsupported', state };
}
