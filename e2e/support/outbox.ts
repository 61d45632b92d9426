/**
 * Reading the embedded profile's mail outbox (DATA_DIR/outbox/*.json, one file per mail, names
 * sortable by send time), e.g. to fetch the OTP a registration mailed.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  sentAt: string;
}

export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as OutboxMail);
}

/**
 * Waits for a mail to `to` (sent after `since`, if given) and returns the 6-digit code in its
 * text. Fails with what the outbox holds when none arrives in time.
 */
export async function waitForOtp(dataDir: string, to: string, options: { since?: number; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const wanted = to.trim().toLowerCase();
  for (;;) {
    const mails = readOutbox(dataDir).filter((mail) => mail.to.trim().toLowerCase() === wanted && (!options.since || Date.parse(mail.sentAt) >= options.since));
    const code = mails.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) {
      const seen = readOutbox(dataDir).map((mail) => `${mail.to}: ${mail.subject}`);
      throw new Error(`No OTP mail to ${to} in ${dataDir}/outbox (holds: ${seen.join('; ') || 'nothing'})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
