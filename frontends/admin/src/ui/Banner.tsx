import styles from './Ui.module.css';

export type BannerTone = 'success' | 'failure' | 'info';

interface Props {
  tone: BannerTone;
  /** The spec's text, shown first. */
  text: string;
  /** Optional second line, e.g. the server's reason; left out when it repeats the text. */
  detail?: string | null;
  /** Optional Retry (or other) action. */
  action?: { label: string; onClick(): void };
}

/** A message box: failures are alerts, the rest polite status messages. */
export function Banner({ tone, text, detail, action }: Props) {
  const extra = detail && detail.trim() !== text ? detail.trim() : null;
  return (
    <div className={`${styles.banner} ${styles[tone]}`} role={tone === 'failure' ? 'alert' : 'status'}>
      <div className={styles.bannerText}>
        <strong>{text}</strong>
        {extra && <span>{extra}</span>}
      </div>
      {action && (
        <button type="button" className="button button--ghost" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  );
}
