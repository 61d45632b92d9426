import styles from './CountryCombobox.module.css';

/** A country's flag: an emoji, or an image when the server sends a URL. */
export function Flag({ flag }: { flag: string }) {
  if (!flag) return <span className={styles.flag} aria-hidden="true" />;
  if (/^(https?:|data:|\/)/.test(flag)) {
    return <img className={styles.flagImage} src={flag} alt="" width={20} height={15} loading="lazy" />;
  }
  return (
    <span className={styles.flag} aria-hidden="true">
      {flag}
    </span>
  );
}
