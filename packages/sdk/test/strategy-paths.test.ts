import {
  createRedirectSession,
  login,
  register,
  sendRecoveryEmail,
  token,
  verifyDuringAuthentication,
} from '@plaza/contracts';
import { expect, it } from 'vitest';
import { LOGIN_PATH, REGISTER_PATH, SEND_RESET_EMAIL_PATH, VERIFY_PATH } from '../src/auth/custom-sign-in.ts';
import { REDIRECT_SESSION_PATH } from '../src/auth/redirect-flows.ts';
import { TOKEN_PATH } from '../src/auth/token-endpoint.ts';

// The strategy keeps its few paths as constants (importing a whole generated domain table would
// cost bundle size); this keeps them equal to the contracts' canonical paths.
it.each([
  ['token', TOKEN_PATH, token],
  ['register', REGISTER_PATH, register],
  ['login', LOGIN_PATH, login],
  ['verifyDuringAuthentication', VERIFY_PATH, verifyDuringAuthentication],
  ['sendRecoveryEmail', SEND_RESET_EMAIL_PATH, sendRecoveryEmail],
  ['createRedirectSession', REDIRECT_SESSION_PATH, createRedirectSession],
])('the OAuth strategy calls %s at its canonical path', (_name, path, contract) => {
  expect(path).toBe(contract.paths[0]);
  expect(contract.method).toBe('POST');
});
