import { httpUrl } from '@growth/kit/format';

/**
 * The profile link of a subscription: a link opening in a new tab for http(s) addresses only;
 * anything else (a `javascript:` link, a handle) is plain text, never a link.
 */
export function ProfileValue({ link }: { link: unknown }) {
  const href = httpUrl(link);
  if (!href) return <>{typeof link === 'string' && link.trim() ? link.trim() : '—'}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {href}
      <span className="kit-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
