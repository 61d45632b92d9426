// @growth/contracts: what the backend and the frontends agree on (docs/architecture.md#contracts).
// Plain TypeScript with no imports from outside this folder: the API's body types, and the rules
// both sides run.
export { MAX_PROFILE_LINK_LENGTH, PLATFORM_LINK_RULES, checkPlatformProfileLink, platformOfHost, profileLinkFormError, profileLinkPlaceholder } from './profile-link';
export type { PlatformLinkCheck, PlatformLinkRule } from './profile-link';
