import { Type } from '@sinclair/typebox';
import { Id, Timestamp } from './common.ts';

/** Shapes of the identity calls (API map 15.1), shared by requests and responses. */

const literals = <T extends string>(...values: T[]) => Type.Union(values.map((value) => Type.Literal(value)));
const Text = (maxLength = 200) => Type.String({ maxLength });
const Open = (description: string) => Type.Object({}, { additionalProperties: true, description });

export const PrivacyStatus = literals('UNDEFINED', 'PUBLIC', 'PRIVATE');
export const IdentityStatusName = literals(
  'UNKNOWN_STATUS',
  'PENDING',
  'ACTIVE',
  'DELETED',
  'BLOCKED',
  'OFFLINE',
);
export const StatusReason = literals(
  'UNKNOWN_REASON',
  'PENDING_ADMIN_APPROVAL_REQUIRED',
  'PENDING_EMAIL_VERIFICATION_REQUIRED',
  'PENDING_REQUIRED_FIELDS_MISSING',
);
export const FactorType = literals(
  'UNKNOWN_FACTOR_TYPE',
  'PASSWORD',
  'SMS',
  'CALL',
  'EMAIL',
  'TOTP',
  'PUSH',
  'WEBAUTHN',
  'RECOVERY_CODE',
);

export const CustomValue = Type.Object({
  strValue: Type.Optional(Text(5000)),
  numValue: Type.Optional(Type.Number()),
  dateValue: Type.Optional(Timestamp),
  listValue: Type.Optional(Open('`{value: CustomValue[]}`')),
  mapValue: Type.Optional(Open('`{value: map<string, CustomValue>}`')),
});

export const IdentityProfile = Type.Object({
  firstName: Type.Optional(Text()),
  lastName: Type.Optional(Text()),
  nickname: Type.Optional(Text()),
  picture: Type.Optional(Text(2000)),
  emails: Type.Optional(Type.Array(Text(320), { maxItems: 20 })),
  phones: Type.Optional(Type.Array(Text(50), { maxItems: 20 })),
  labels: Type.Optional(Type.Array(Text(), { maxItems: 50 })),
  language: Type.Optional(Text(20)),
  privacyStatus: Type.Optional(PrivacyStatus),
  customFields: Type.Optional(
    Type.Array(Type.Object({ name: Text(), value: Type.Optional(CustomValue) }), { maxItems: 100 }),
  ),
  secondaryEmails: Type.Optional(
    Type.Array(
      Type.Object({ email: Text(320), tag: Type.Optional(literals('UNTAGGED', 'MAIN', 'HOME', 'WORK')) }),
      { maxItems: 20 },
    ),
  ),
  phonesV2: Type.Optional(
    Type.Array(
      Type.Object({
        countryCode: Type.Optional(Text(10)),
        phone: Text(50),
        tag: Type.Optional(literals('UNTAGGED', 'MAIN', 'HOME', 'MOBILE', 'WORK', 'FAX')),
      }),
      { maxItems: 20 },
    ),
  ),
  addresses: Type.Optional(
    Type.Array(
      Type.Object({
        address: Type.Optional(Open('Address (map 3.2 wire shape).')),
        tag: Type.Optional(literals('UNTAGGED', 'HOME', 'WORK', 'BILLING', 'SHIPPING')),
      }),
      { maxItems: 20 },
    ),
  ),
  company: Type.Optional(Text()),
  position: Type.Optional(Text()),
  birthdate: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  slug: Type.Optional(Text()),
  subscription: Type.Optional(Type.Boolean()),
  vatId: Type.Optional(Open('VAT id `{id, type}`.')),
});

export const Identity = Type.Object({
  id: Id,
  revision: Type.String({ description: 'int64 as a string.' }),
  createdDate: Timestamp,
  updatedDate: Timestamp,
  identityProfile: IdentityProfile,
  email: Type.Object({ address: Type.String(), isVerified: Type.Boolean() }),
  status: Type.Object({ name: IdentityStatusName, reasons: Type.Array(StatusReason) }),
  factors: Type.Array(
    Type.Object({
      factorId: Type.String(),
      type: FactorType,
      status: literals('INACTIVE', 'ACTIVE', 'REQUIRE_REENROLL'),
    }),
  ),
  connections: Type.Array(Open('IdP or authenticator connection.')),
  metadata: Open('No public fields yet.'),
});

export const StateName = literals(
  'UNKNOWN_STATE',
  'SUCCESS',
  'REQUIRE_OWNER_APPROVAL',
  'REQUIRE_EMAIL_VERIFICATION',
  'STATUS_CHECK',
  'REQUIRE_MISSING_FIELDS',
  'REQUIRE_MFA',
  'MFA_CHALLENGE',
);

const AvailableFactor = Type.Object({ factorType: FactorType, factorId: Type.Optional(Type.String()) });

export const StateMachineResponse = Type.Object({
  state: StateName,
  sessionToken: Type.Optional(Type.String({ description: 'SUCCESS only: single use, 10 minutes.' })),
  stateToken: Type.Optional(Type.String({ description: 'Continues a pending flow (verification, MFA).' })),
  identity: Type.Optional(Identity),
  additionalData: Type.Record(Type.String(), Type.Unknown()),
  requireMfaData: Type.Optional(Type.Object({ availableFactors: Type.Array(AvailableFactor) })),
  mfaChallengeData: Type.Optional(
    Type.Object({
      factorType: FactorType,
      verificationChallengeData: Type.Optional(Open('Where the code went.')),
      availableFactors: Type.Array(AvailableFactor),
    }),
  ),
});

export const LoginId = Type.Object({ email: Type.String({ maxLength: 320 }) });

/** reCAPTCHA tokens as the clients send them (capitalised keys); extra keys are ignored. */
export const CaptchaTokens = Type.Array(
  Type.Object({
    Recaptcha: Type.Optional(Text(5000)),
    InvisibleRecaptcha: Type.Optional(Text(5000)),
    NoCaptcha: Type.Optional(Text(5000)),
    recaptchaForClientSiteKey: Type.Optional(
      Type.Object({ token: Text(5000), siteKeyId: Type.Optional(Text()) }),
    ),
  }),
  { maxItems: 5 },
);

/** The Members API view of a member (`getCurrentMember`). */
export const Member = Type.Object({
  id: Id,
  loginEmail: Type.String(),
  loginEmailVerified: Type.Boolean(),
  status: literals('UNKNOWN', 'PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE'),
  contactId: Type.String(),
  privacyStatus: Type.String(),
  activityStatus: Type.String(),
  contact: Type.Object({ firstName: Type.Optional(Type.String()), lastName: Type.Optional(Type.String()) }),
  profile: Type.Object({
    nickname: Type.Optional(Type.String()),
    slug: Type.Optional(Type.String()),
    firstName: Type.Optional(Type.String()),
    lastName: Type.Optional(Type.String()),
    photo: Type.Optional(Type.Object({ url: Type.String() })),
  }),
  createdDate: Timestamp,
  updatedDate: Timestamp,
});

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer({ description: 'Seconds (14400).' }),
  token_type: Type.String(),
});

export const TokenRequest = Type.Object(
  {
    grantType: Type.Optional(Text(50)),
    grant_type: Type.Optional(Text(50)),
    clientId: Type.Optional(Text()),
    client_id: Type.Optional(Text()),
    refreshToken: Type.Optional(Text(4000)),
    refresh_token: Type.Optional(Text(4000)),
    code: Type.Optional(Text(500)),
    codeVerifier: Type.Optional(Text(500)),
    code_verifier: Type.Optional(Text(500)),
    redirectUri: Type.Optional(Text(2000)),
    redirect_uri: Type.Optional(Text(2000)),
    scope: Type.Optional(Text()),
    member_id: Type.Optional(Text()),
    memberId: Type.Optional(Text()),
    session_token: Type.Optional(Text(500)),
    sessionToken: Type.Optional(Text(500)),
  },
  { description: 'camelCase and snake_case keys are both accepted (map 6.1).' },
);

export const TokenInfo = Type.Object({
  active: Type.Boolean(),
  subjectType: Type.Optional(literals('UNKNOWN', 'USER', 'VISITOR', 'MEMBER', 'APP')),
  subjectId: Type.Optional(Type.String()),
  exp: Type.Optional(Type.String({ description: 'int64 seconds.' })),
  iat: Type.Optional(Type.String({ description: 'int64 seconds.' })),
  clientId: Type.Optional(Type.String()),
  siteId: Type.Optional(Type.String()),
  instanceId: Type.Optional(Type.String()),
});

export const MailMessage = Type.Object({
  id: Id,
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.Optional(Type.String()),
  createdDate: Timestamp,
});
