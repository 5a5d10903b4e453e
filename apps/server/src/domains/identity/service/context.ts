import type { Caller } from '../../../http/access.ts';
import type { Clock } from '../../../lib/clock.ts';
import { getPath } from '../../../lib/paths.ts';
import type { Mailer } from '../../../mail/index.ts';
import { getSite, type SiteRecord, type SitesDeps } from '../../sites/index.ts';
import type { AccessTokens } from '../access-tokens.ts';
import type { SigningKeys } from '../signing-keys.ts';
import type { IdentityStores } from '../store/index.ts';

/** Decides whether a captcha token is genuine. Plaza ships a test verifier (see `testTokenCaptcha`). */
export interface CaptchaVerifier {
  verify(input: { siteId: string; token: string; settings: IdentitySettings }): Promise<boolean>;
}

/** Everything the identity services use, built once in deps.ts. */
export interface IdentityContext {
  clock: Clock;
  /** `PUBLIC_URL`, base of hosted-page links in e-mails and redirect sessions. */
  publicUrl: string;
  sites: SitesDeps;
  tokens: AccessTokens;
  signingKeys: SigningKeys;
  /** Resolves a raw `Authorization` value (the token endpoint and logout are public calls). */
  authenticate(header: string): Promise<Caller>;
  mailer: Mailer;
  captcha: CaptchaVerifier;
  store: IdentityStores;
}

/** Site settings under `identity` (nested `{identity: {...}}` or flat `"identity.x"` keys). */
export interface IdentitySettings {
  requireEmailVerification: boolean;
  requireOwnerApproval: boolean;
  requireCaptcha: boolean;
  /** Tokens the built-in test verifier accepts. */
  captchaTestTokens: string[];
}

export function identitySettings(site: SiteRecord): IdentitySettings {
  const read = (name: string) =>
    getPath(site.settings, `identity.${name}`) ?? site.settings[`identity.${name}`];
  const tokens = read('captchaTestTokens');
  return {
    requireEmailVerification: read('requireEmailVerification') === true,
    requireOwnerApproval: read('requireOwnerApproval') === true,
    requireCaptcha: read('requireCaptcha') === true,
    captchaTestTokens: Array.isArray(tokens) ? tokens.filter((t): t is string => typeof t === 'string') : [],
  };
}

export async function settingsOf(ctx: IdentityContext, siteId: string) {
  return identitySettings(await getSite(ctx.sites, siteId));
}

/**
 * The default verifier: accepts only the tokens listed in the site setting
 * `identity.captchaTestTokens` (development and tests). Production plugs a real one
 * (reCAPTCHA, hCaptcha …) through `buildPlatform`'s overrides.
 */
export const testTokenCaptcha: CaptchaVerifier = {
  verify: async ({ token, settings }) => settings.captchaTestTokens.includes(token),
};

export const MINUTE = 60_000;
export const nowIso = (ctx: IdentityContext) => ctx.clock.now().toISOString();
export const isoIn = (ctx: IdentityContext, ms: number) =>
  new Date(ctx.clock.now().getTime() + ms).toISOString();
export const isPast = (ctx: IdentityContext, iso: string) => iso <= nowIso(ctx);
