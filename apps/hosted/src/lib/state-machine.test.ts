import { describe, expect, it } from 'vitest';
import { stepFor } from './state-machine.ts';

describe('stepFor', () => {
  it('maps SUCCESS to the session token', () => {
    expect(stepFor({ state: 'SUCCESS', sessionToken: 'pst_1' })).toEqual({
      kind: 'success',
      sessionToken: 'pst_1',
    });
  });

  it('maps e-mail verification with the address the code went to', () => {
    expect(
      stepFor({
        state: 'REQUIRE_EMAIL_VERIFICATION',
        stateToken: 'pss_1',
        identity: { email: { address: 'a@b.co' } },
      }),
    ).toEqual({ kind: 'verify', stateToken: 'pss_1', reason: 'email', email: 'a@b.co' });
    expect(stepFor({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'pss_1' })).toEqual({
      kind: 'verify',
      stateToken: 'pss_1',
      reason: 'email',
    });
  });

  it('maps an e-mail second factor to the verify step with the masked address', () => {
    expect(
      stepFor({
        state: 'MFA_CHALLENGE',
        stateToken: 'pss_2',
        identity: { email: { address: 'ann@b.co' } },
        mfaChallengeData: { verificationChallengeData: { email: 'a***@b.co' } },
      }),
    ).toEqual({ kind: 'verify', stateToken: 'pss_2', reason: 'mfa', email: 'a***@b.co' });
  });

  it('maps owner approval', () => {
    expect(stepFor({ state: 'REQUIRE_OWNER_APPROVAL' })).toEqual({ kind: 'approval' });
  });

  it('refuses states it cannot continue, and answers missing their token', () => {
    expect(stepFor({ state: 'STATUS_CHECK' })).toEqual({ kind: 'unsupported', state: 'STATUS_CHECK' });
    expect(stepFor({})).toEqual({ kind: 'unsupported', state: 'UNKNOWN_STATE' });
    expect(stepFor({ state: 'SUCCESS' })).toEqual({ kind: 'unsupported', state: 'SUCCESS' });
    expect(stepFor({ state: 'REQUIRE_EMAIL_VERIFICATION' }).kind).toBe('unsupported');
  });
});
