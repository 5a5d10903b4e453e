export {
  Cursors,
  Empty,
  ErrorEnvelope,
  FieldViolation,
  Id,
  OpenObject,
  Paging,
  PagingMetadata,
  Query,
  Sorting,
  SortOrder,
  Timestamp,
} from './common.ts';
export {
  type Access,
  type AppName,
  type CallDefinition,
  defineCall,
  type HttpMethod,
  type RequestOf,
  type ResponseOf,
} from './define.ts';
export * from './ecom.ts';
export * from './ecom-owner.ts';
export {
  Address as EcomAddress,
  Cart as EcomCart,
  Checkout as EcomCheckout,
  Coupon as EcomCoupon,
  EcomSettings,
  EstimateTotals as EcomEstimateTotals,
  LineItem as EcomLineItem,
  MultiCurrencyPrice,
  Order as EcomOrder,
} from './ecom-schemas.ts';
export {
  ApiKey,
  approveMember,
  blockMember,
  changePassword,
  createApiKey,
  deleteApiKey,
  getCurrentMember,
  getJwks,
  identityCalls,
  listApiKeys,
  login,
  logout,
  mailboxCalls,
  queryMailbox,
  recover,
  register,
  resendDuringAuthentication,
  sendActivationEmail,
  sendRecoveryEmail,
  setEmailFactor,
  signOn,
  startVerification,
  token,
  tokenInfo,
  validateEmail,
  verifyDuringAuthentication,
  verifyFactor,
} from './identity.ts';
export {
  Identity,
  IdentityProfile,
  MailMessage,
  Member,
  StateMachineResponse,
  TokenInfo,
  TokenResponse,
} from './identity-schemas.ts';
export { getHealth, platformCalls } from './platform.ts';
export {
  AuthRequest,
  authorizeRedirectSession,
  completeRedirectLogout,
  createRedirectSession,
  getRedirectSession,
  RedirectSession,
  redirectsCalls,
} from './redirects.ts';
export {
  AppNameSchema,
  createOAuthApp,
  deleteOAuthApp,
  getOAuthApp,
  getSite,
  OAuthApp,
  queryOAuthApps,
  Site,
  sitesCalls,
  updateOAuthApp,
  updateSite,
} from './sites.ts';
export * from './stores.ts';
export {
  Collection as StoreCollection,
  Product as StoreProduct,
  StoreVariant,
  Variant as StoreProductVariant,
} from './stores-schemas.ts';
