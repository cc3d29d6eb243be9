// Microsoft Graph and Entra token client: paging, retries, error mapping, token roles.
export { accessTokenClaims, missingPermissionsOf } from './access-token-claims.js';
export { appCredential, certificateCredentialProblem, type ClientCredential, clientSecretCredential } from './client-credential.js';
export { GraphClient, type GraphClientOptions, type GraphUser } from './graph-client.js';
export { GraphError, type GraphErrorKind, NO_SERVICE_PRINCIPAL_CODE, transportError } from './graph-errors.js';
export { RETRYABLE_STATUSES, type RetryPolicy } from './retry-policy.js';
export { classifySendMailError, classifySendMailWait, isConnectionProblem, mailboxLimitMessage, type SendMailFailure } from './send-mail-errors.js';
export { TokenCache } from './token-cache.js';
