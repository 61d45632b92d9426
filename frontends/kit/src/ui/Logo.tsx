import { Link } from 'wouter';
import { getRuntimeConfig } from '../config/runtimeConfig';

/** Until the runtime config says otherwise (it carries the server's name of the shop). */
const DEFAULT_SHOP_NAME = 'SocialGrowth';

/** The shop's logo, a link home. Styled by the shell's global `.logo` classes. */
export function Logo() {
  const name = getRuntimeConfig().shopName || DEFAULT_SHOP_NAME;
  return (
    <Link href="/" className="logo" aria-label={`${name} home`}>
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" />
        <path d="M8 22l6-7 4 4 6-9" />
      </svg>
      <span className="logo__text">{name}</span>
    </Link>
  );
}
