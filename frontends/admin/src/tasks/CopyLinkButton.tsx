import { useEffect, useState } from 'react';
import styles from '../lists/Table.module.css';

interface Props {
  link: string;
  /** Which order, for screen readers ("YouTube order order_123"). */
  which: string;
}

/**
 * The order's link, to open, and a button that copies it (staff paste it into the provider's panel
 * in manual mode). Says "Copied" for two seconds, or that copying is not allowed here.
 */
export function CopyLinkButton({ link, which }: Props) {
  const [said, setSaid] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (said === null) return undefined;
    const timer = setTimeout(() => setSaid(null), 2000);
    return () => clearTimeout(timer);
  }, [said]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid('copied');
    } catch {
      setSaid('failed');
    }
  };
  return (
    <span className={styles.linkLine}>
      <a href={link} target="_blank" rel="noopener noreferrer" className={styles.link}>
        {link}
      </a>
      <button type="button" className={`button button--ghost ${styles.copyButton}`} onClick={() => void copy()}>
        {said === 'copied' ? 'Copied' : 'Copy link'}
        <span className="kit-visually-hidden"> of the {which}</span>
      </button>
      {said !== null && (
        <span role="status" className="kit-visually-hidden">
          {said === 'copied' ? 'Link copied' : 'The browser did not allow copying; select the link instead'}
        </span>
      )}
    </span>
  );
}
