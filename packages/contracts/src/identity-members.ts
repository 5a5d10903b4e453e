/** The signed-in member's own calls, and the owner's approval and blocking of members. */
import { Type } from '@sinclair/typebox';
import { Id, PagingMetadata } from './common.ts';
import { defineCall } from './define.ts';
import { Identity, Member } from './identity-schemas.ts';

export const getCurrentMember = defineCall({
  name: 'getCurrentMember',
  method: 'GET',
  paths: ['/members/v1/members/my', '/_api/members/v1/members/my'],
  access: 'member',
  summary: 'The signed-in member.',
  request: Type.Object({ fieldsets: Type.Optional(Type.Array(Type.String({ maxLength: 20 }))) }),
  response: Type.Object({ member: Member }),
});

export const listMembers = defineCall({
  name: 'listMembers',
  method: 'GET',
  paths: ['/members/v1/members', '/_api/members/v1/members'],
  access: 'admin',
  summary:
    "The site's members, newest first, paged: `status` keeps those of one status, `search` those whose login e-mail contains it.",
  request: Type.Object({
    status: Type.Optional(
      Type.Union([Type.Literal('PENDING'), Type.Literal('APPROVED'), Type.Literal('BLOCKED')]),
    ),
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  }),
  response: Type.Object({ members: Type.Array(Member), metadata: PagingMetadata }),
});

export const getMember = defineCall({
  name: 'getMember',
  method: 'GET',
  paths: ['/members/v1/members/{id}', '/_api/members/v1/members/{id}'],
  access: 'admin',
  summary: 'One member of the site, by id.',
  request: Type.Object({
    id: Id,
    fieldsets: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 5 })),
  }),
  response: Type.Object({ member: Member }),
});

export const approveMember = defineCall({
  name: 'approveMember',
  method: 'POST',
  paths: ['/members/v1/members/{memberId}/approve', '/_api/members/v1/members/{memberId}/approve'],
  access: 'admin',
  summary: 'Approves a member waiting for owner approval (or unblocks a blocked one).',
  request: Type.Object({ memberId: Id }),
  response: Type.Object({ member: Member }),
});

export const blockMember = defineCall({
  name: 'blockMember',
  method: 'POST',
  paths: ['/members/v1/members/{memberId}/block', '/_api/members/v1/members/{memberId}/block'],
  access: 'admin',
  summary: "Blocks a member: sign-in is refused and the member's refresh tokens are revoked.",
  request: Type.Object({ memberId: Id }),
  response: Type.Object({ member: Member }),
});

export const setEmailFactor = defineCall({
  name: 'setEmailFactor',
  method: 'POST',
  paths: ['/plaza/v1/members/my/factors/email'],
  access: 'member',
  summary: 'Turns the e-mail code second factor on or off for the signed-in member.',
  request: Type.Object({ enabled: Type.Boolean() }),
  response: Type.Object({ identity: Identity }),
});
