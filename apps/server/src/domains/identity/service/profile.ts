import { newId } from '../../../lib/ids.ts';
import type { Factor, IdentityDoc, IdentityFields, StatusReason } from '../store/identities.ts';
import { statusFor } from './flow.ts';

const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'nickname',
  'picture',
  'emails',
  'phones',
  'labels',
  'language',
  'privacyStatus',
  'customFields',
  'secondaryEmails',
  'phonesV2',
  'addresses',
  'company',
  'position',
  'birthdate',
  'slug',
  'subscription',
  'vatId',
] as const;

/** The known profile fields of the request (others are dropped, never stored). */
export function profileFrom(profile: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!profile) return {};
  return Object.fromEntries(
    PROFILE_FIELDS.filter((f) => profile[f] !== undefined).map((f) => [f, profile[f]]),
  );
}

export function newIdentity(
  email: string,
  profile: Record<string, unknown> | undefined,
  options: { reasons: StatusReason[]; withPassword: boolean; verified?: boolean },
): IdentityFields {
  return {
    identityProfile: profileFrom(profile),
    email: { address: email, isVerified: options.verified ?? false },
    status: statusFor(options.reasons),
    factors: options.withPassword ? [passwordFactor()] : [],
    connections: [],
    metadata: {},
  };
}

export const passwordFactor = (): Factor => ({ factorId: newId(), type: 'PASSWORD', status: 'ACTIVE' });

export const withPasswordFactor = (identity: IdentityDoc): Factor[] =>
  identity.factors.some((f) => f.type === 'PASSWORD')
    ? identity.factors
    : [...identity.factors, passwordFactor()];

/** The e-mail is proven: verified, and no longer a pending reason. */
export function emailVerified(identity: IdentityDoc): Partial<IdentityFields> {
  const reasons = identity.status.reasons.filter((r) => r !== 'PENDING_EMAIL_VERIFICATION_REQUIRED');
  return {
    email: { ...identity.email, isVerified: true },
    status: statusFor(reasons, identity.status.name === 'BLOCKED'),
  };
}

const memberStatus = {
  ACTIVE: 'APPROVED',
  PENDING: 'PENDING',
  BLOCKED: 'BLOCKED',
  OFFLINE: 'OFFLINE',
} as const;

/** The Members API view (`getCurrentMember`). */
export function memberView(identity: IdentityDoc) {
  const p = identity.identityProfile as Record<string, string | undefined>;
  const names = {
    ...(p.firstName ? { firstName: p.firstName } : {}),
    ...(p.lastName ? { lastName: p.lastName } : {}),
  };
  return {
    id: identity.id,
    loginEmail: identity.email.address,
    loginEmailVerified: identity.email.isVerified,
    status: memberStatus[identity.status.name as keyof typeof memberStatus] ?? 'UNKNOWN',
    contactId: identity.id,
    privacyStatus: p.privacyStatus ?? 'PRIVATE',
    activityStatus: 'UNKNOWN',
    contact: names,
    profile: {
      nickname:
        p.nickname ??
        ([p.firstName, p.lastName].filter(Boolean).join(' ') || identity.email.address.split('@')[0]),
      slug: p.slug ?? identity.id,
      ...names,
      ...(p.picture ? { photo: { url: p.picture } } : {}),
    },
    createdDate: identity.createdDate,
    updatedDate: identity.updatedDate,
  } as const;
}
