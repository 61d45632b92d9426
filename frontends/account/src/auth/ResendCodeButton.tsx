import { useEffect, useState } from 'react';
import form from '@growth/kit/form.module.css';

/** A new code may be asked for this long after the last one (the server's cooldown, docs/accounts.md). */
export const RESEND_WAIT_SECONDS = 60;

interface Props {
  /** When the wait ends (epoch ms); 0 or past: a new code may be asked for now. */
  readyAt: number;
  busy: boolean;
  onResend(): void;
}

/**
 * 'Send a new code', with the seconds left of the wait shown on the button while the last code is
 * less than a minute old: nobody presses it only to be told to wait.
 */
export function ResendCodeButton({ readyAt, busy, onResend }: Props) {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((readyAt - now) / 1000));

  useEffect(() => {
    setNow(Date.now());
    if (readyAt <= Date.now()) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= readyAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [readyAt]);

  return (
    <button type="button" className={form.linkButton} onClick={onResend} disabled={busy || left > 0}>
      {left > 0 ? `Send a new code in ${left} s` : 'Send a new code'}
    </button>
  );
}
