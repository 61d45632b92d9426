import { httpUrl } from '@growth/kit/format';
import styles from './Services.module.css';

/**
 * 'Open Profile' (docs/product.md#screens-and-routes) in a new tab, for http(s) links only; anything else (a `javascript:`
 * link, a handle, nothing) is shown as plain text, never as a link.
 */
export function ProfileLink({ link, planName }: { link: unknown; planName: string }) {
  const href = httpUrl(link);
  if (!href) {
    const text = typeof link === 'string' && link.trim() ? link.trim() : '—';
    return (
      <span className={styles.profileText}>
        <span className={styles.profileLabel}>Profile:</span> {text}
      </span>
    );
  }
  return (
    <a className={`button button--ghost ${styles.open}`} href={href} target="_blank" rel="noopener noreferrer">
      Open Profile
      <span className="kit-visually-hidden">{planName ? ` for ${planName}` : ''} (opens in a new tab)</span>
    </a>
  );
}
