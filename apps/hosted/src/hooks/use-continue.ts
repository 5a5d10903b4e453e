import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../api.ts';
import type { Outcome } from '../components/outcome.tsx';
import { finishSignIn } from '../lib/finish.ts';
import { type RedirectSessionInfo, savePending } from '../lib/session.ts';
import type { Step } from '../lib/state-machine.ts';
import { withSession } from './use-flow.ts';

/** Where a sign-in step leads: the code is delivered, the verify page, or the approval notice. */
export function useContinue(session: RedirectSessionInfo) {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>();

  async function next(step: Step): Promise<void> {
    switch (step.kind) {
      case 'success':
        setOutcome(await finishSignIn(session, step.sessionToken));
        return;
      case 'verify':
        savePending(session.id, {
          stateToken: step.stateToken,
          reason: step.reason,
          ...(step.email ? { email: step.email } : {}),
        });
        navigate(withSession('/verify', session.id));
        return;
      case 'approval':
        setOutcome('approval');
        return;
      default:
        throw new ApiError(
          200,
          'UNSUPPORTED_STATE',
          'Unsupported sign-in step',
          `This account needs a sign-in step these pages do not support yet (${step.state}). Contact the site owner.`,
        );
    }
  }

  return { outcome, next };
}
