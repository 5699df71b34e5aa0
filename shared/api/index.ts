// The public surface of the service client: import from here rather than from the files behind it.
export { createServiceClient, type ServiceClient, type ServiceClientOptions, type ServiceTimeouts } from './client';
export { normaliseBaseUrl } from './base-url';
export { buildSigninLink, buildSignupLink, requestToken, type SignupTarget, type TokenCredentials } from './partner';
export {
  HttpStatusError,
  InvalidRequestError,
  InvalidResponseError,
  NoConnectionError,
  OutcomeUnknownError,
  RedirectRefusedError,
  ResponseTooLargeError,
  ServiceCallError,
  ServiceFailureError,
  TokenRefusedError,
  isTransient,
  type OutcomeUnknownReason,
  type ServiceCallErrorKind,
} from './errors';
export {
  DEFAULT_RESPONSE_LIMITS_BYTES,
  DEFAULT_TIMEOUTS_MS,
  serviceMethods,
  type MethodDeclaration,
  type MethodInput,
  type MethodOutput,
  type ServiceMethodName,
  type TimeoutClass,
} from './methods';
export type {
  ContactRecord,
  FailureReason,
  FieldDefinition,
  ReservationRecord,
  SentItem,
  SmsReply,
} from './response-schemas';
export { REDACTED, redactApiKey, redactSecrets } from './redact';
export {
  formatNonce,
  hmacSha256Hex,
  requestTokenSignature,
  sha1Hex,
  signinSignature,
  type SigninKeying,
} from './signatures';
export type { ServiceLogEntry } from './transport';
