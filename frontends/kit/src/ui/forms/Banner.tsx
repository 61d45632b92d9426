import styles from './Form.module.css';

export type BannerTone = 'success' | 'failure' | 'info';

export interface BannerMessage {
  tone: BannerTone;
  /** The spec's text, shown first. */
  text: string;
  /** Optional second line, e.g. the server's reason; left out when it repeats the text. */
  detail?: string | null;
}

interface Extras {
  /** Optional Retry (or other) action. */
  action?: { label: string; onClick(): void };
  className?: string;
}

/** Either one message (nothing shown while it is null) or its parts as props. */
export type BannerProps = ({ message: BannerMessage | null } | BannerMessage) & Extras;

/** A success, failure or info message: failures are alerts, the rest polite status messages. */
export function Banner(props: BannerProps) {
  const message = 'message' in props ? props.message : props;
  if (!message) return null;
  const { tone, text, detail } = message;
  const extra = detail && detail.trim() !== text ? detail.trim() : null;
  return (
    <div className={`${styles.banner} ${styles[tone]} ${props.className ?? ''}`} role={tone === 'failure' ? 'alert' : 'status'}>
      <div className={styles.bannerText}>
        <strong>{text}</strong>
        {extra && <span>{extra}</span>}
      </div>
      {props.action && (
        <button type="button" className="button button--ghost" onClick={props.action.onClick}>
          {props.action.label}
        </button>
      )}
    </div>
  );
}

/**
 * A failure banner: the spec's text first, then the server's reason when it adds something
 * (e.g. a cooldown), never the same words twice.
 */
export function failure(text: string, reason: string | null | undefined): BannerMessage {
  const detail = reason && reason.trim() !== text ? reason.trim() : null;
  return { tone: 'failure', text, detail };
}
