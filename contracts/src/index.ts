// @growth/contracts: what the backend and the frontends agree on (docs/architecture.md#contracts).
// Plain TypeScript with no imports from outside this folder: the API's body types (requests and
// answers) by area, and the rules both sides run.
export type * from './api';
export type * from './admin';
export type * from './billing';
export type * from './catalogue';
export type * from './fulfilment';
export type * from './identity';
export type * from './plans';
export type * from './platform';
export type * from './reports';
export type * from './subscriptions';

export { MAX_PROFILE_LINK_LENGTH, PLATFORM_LINK_RULES, checkPlatformProfileLink, platformOfHost, profileLinkFormError, profileLinkPlaceholder } from './profile-link';
export type { PlatformLinkCheck, PlatformLinkRule } from './profile-link';
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_RULE, newPasswordProblem } from './password';
export { orderNumberOf } from './order-number';
