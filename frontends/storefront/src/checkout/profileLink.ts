import { checkPlatformProfileLink } from '@growth/kit/profile-links';

/**
 * The profile link of a purchase, read for the plan's platform (docs/catalogue.md, "Profile links";
 * the rule and its host table live in kit): trimmed and required ('Profile link is required'), a
 * scheme-less address completed to https://, an @handle made the platform's profile URL, a link to
 * another platform refused naming the one expected, anything else 'Please enter a valid URL'.
 */
export type ProfileLinkCheck = { ok: true; value: string } | { ok: false; error: string };

export function checkProfileLink(raw: string, platformSlug: string | null): ProfileLinkCheck {
  const checked = checkPlatformProfileLink(raw, platformSlug);
  return checked.ok ? { ok: true, value: checked.link } : { ok: false, error: checked.message };
}
