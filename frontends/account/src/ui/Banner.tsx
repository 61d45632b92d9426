import styles from './Form.module.css';

export type BannerTone = 'success' | 'failure' | 'info';

export interface BannerMessage {
  tone: BannerTone;
  /** The spec's text, shown first. */
  text: string;
  /** Optional second line: the server's reason, or a fallback. */
  detail?: string | null;
}

/** A success, failure or info message; failures are announced assertively. */
export function Banner({ message }: { message: BannerMessage | null }) {
  if (!message) return null;
  return (
    <div className={`${styles.banner} ${styles[message.tone]}`} role={message.tone === 'failure' ? 'alert' : 'status'}>
      <div>
        <strong>{message.text}</strong>
        {message.detail && message.detail !== message.text && <span>{message.detail}</span>}
      </div>
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
