// The profile-link rules of each platform (the one rule the backend checks too, in @growth/contracts),
// as an entry point of its own (`@growth/kit/profile-links`): only the checkout uses them, so they
// are bundled with it instead of riding in kit's shared main entry, which every first visit loads.
export { checkPlatformProfileLink, profileLinkPlaceholder, PLATFORM_LINK_RULES } from '@growth/contracts';
