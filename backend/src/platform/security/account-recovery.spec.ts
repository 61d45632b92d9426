import { Logger } from '@nestjs/common';
import { AppError } from '../errors/app-error';
import type { Mail } from '../mail/mail.port';
import {
  type CodeMailing,
  type CodeRedemption,
  mailRecoveryCode,
  RECOVERY_CODE_MAX_TRIES,
  RECOVERY_CODE_RESEND_COOLDOWN_MS,
  RECOVERY_CODE_TTL_MS,
  type RecoveryCode,
  type RecoveryCodeStore,
  redeemRecoveryCode,
} from './account-recovery';

/** One area (customers or admins alike) over memory: an account, its code store, a mailbox. */
function area() {
  let now = new Date('2026-12-07T10:00:00Z');
  const rows = new Map<string, RecoveryCode>();
  const store: RecoveryCodeStore = {
    find: async (id) => rows.get(id) ?? null,
    replaceUnlessSentAfter: async (id, code, sentBefore) => {
      const old = rows.get(id);
      if (old && old.sentAt > sentBefore) return false;
      rows.set(id, code);
      return true;
    },
    claimTry: async (id, codeHash, maxTries) => {
      const row = rows.get(id);
      if (!row || row.codeHash !== codeHash || row.tries >= maxTries) return null;
      row.tries += 1;
      return row.tries;
    },
    consume: async (id, codeHash) => rows.get(id)?.codeHash === codeHash && rows.delete(id),
    remove: async (id) => void rows.delete(id),
  };
  const sent: Mail[] = [];
  let mailFails = false;
  const account = { id: 'a1', email: 'owner@example.com' };
  let next = 0;
  const base = { findAccount: async (email: string) => (email.trim().toLowerCase() === account.email ? account : null), codes: store, now: () => now };
  const mailing: CodeMailing = {
    ...base,
    name: 'test',
    generate: () => String(123456 + next++),
    hash: (a, code) => `${a.id}|${a.email}|${code}`,
    mail: (to, code) => ({ to, subject: 'Reset', text: code }),
    sendMail: async (mail) => {
      if (mailFails) throw new Error('outbox down');
      sent.push(mail);
    },
    logger: new Logger('test'),
  };
  mailing.logger.warn = () => undefined;
  mailing.logger.error = () => undefined;
  const invalid = () => new AppError('invalid', 'Invalid or expired code.', 'invalid_code');
  const redemption: CodeRedemption = {
    ...base,
    matches: (a, code, hash) => `${a.id}|${a.email}|${code}` === hash,
    invalid,
    transaction: (work) => work(),
    hashPassword: async (p) => `hashed:${p}`,
  };
  return {
    mailing,
    redemption,
    rows,
    sent,
    lastCode: () => sent[sent.length - 1].text,
    later: (ms: number) => (now = new Date(now.getTime() + ms)),
    failMail: () => (mailFails = true),
  };
}

const entry = (otp: string) => ({ email: 'Owner@example.com', otp, newPassword: 'a-new-password' });
const INVALID = { code: 'invalid_code' };

describe('account recovery (customers and admins alike)', () => {
  it('mails a code to a known address only, and keeps only its hash', async () => {
    const a = area();
    await mailRecoveryCode(a.mailing, 'nobody@example.com');
    expect(a.sent).toEqual([]);
    await mailRecoveryCode(a.mailing, ' OWNER@example.com ');
    expect(a.sent.map((m) => m.to)).toEqual(['owner@example.com']);
    expect(a.rows.get('a1')).toMatchObject({ codeHash: `a1|owner@example.com|${a.lastCode()}`, tries: 0 });
    expect(a.rows.get('a1')?.expiresAt.getTime()).toBe(new Date('2026-12-07T10:00:00Z').getTime() + RECOVERY_CODE_TTL_MS);
  });

  it('sends no second code within the cooldown, and a new one after it that replaces the first', async () => {
    const a = area();
    await mailRecoveryCode(a.mailing, 'owner@example.com');
    a.later(RECOVERY_CODE_RESEND_COOLDOWN_MS - 1);
    await mailRecoveryCode(a.mailing, 'owner@example.com');
    expect(a.sent).toHaveLength(1);
    const first = a.lastCode();
    a.later(1);
    await mailRecoveryCode(a.mailing, 'owner@example.com');
    expect(a.sent).toHaveLength(2);
    await expect(redeemRecoveryCode(a.redemption, entry(first), async (account) => account)).rejects.toMatchObject(INVALID);
  });

  it('removes the code when its mail could not be stored, so the next request is not held by the cooldown', async () => {
    const a = area();
    a.failMail();
    await mailRecoveryCode(a.mailing, 'owner@example.com');
    expect(a.rows.size).toBe(0);
  });

  it('sets the password with the right code once, passing the password hash to the area', async () => {
    const a = area();
    await mailRecoveryCode(a.mailing, 'owner@example.com');
    const code = a.lastCode();
    const applied: string[] = [];
    await expect(redeemRecoveryCode(a.redemption, entry(code), async (account, hash) => applied.push(`${account.id}:${hash}`))).resolves.toBe(1);
    expect(applied).toEqual(['a1:hashed:a-new-password']);
    await expect(redeemRecoveryCode(a.redemption, entry(code), async () => 'again')).rejects.toMatchObject(INVALID);
  });

  it(`counts every entry: after ${RECOVERY_CODE_MAX_TRIES} wrong ones the right code is dead too`, async () => {
    const a = area();
    await mailRecoveryCode(a.mailing, 'owner@example.com');
    for (let i = 0; i < RECOVERY_CODE_MAX_TRIES; i += 1) await expect(redeemRecoveryCode(a.redemption, entry('000000'), async () => 'x')).rejects.toMatchObject(INVALID);
    await expect(redeemRecoveryCode(a.redemption, entry(a.lastCode()), async () => 'x')).rejects.toMatchObject(INVALID);
  });

  it('refuses an unknown address, an account that changed meanwhile and an expired code alike', async () => {
    const a = area();
    await mailRecoveryCode(a.mailing, 'owner@example.com');
    await expect(redeemRecoveryCode(a.redemption, { ...entry(a.lastCode()), email: 'other@example.com' }, async () => 'x')).rejects.toMatchObject(INVALID);
    await expect(redeemRecoveryCode(a.redemption, entry(a.lastCode()), async () => null)).rejects.toMatchObject(INVALID);

    a.later(RECOVERY_CODE_RESEND_COOLDOWN_MS);
    await mailRecoveryCode(a.mailing, 'owner@example.com');
    a.later(RECOVERY_CODE_TTL_MS);
    await expect(redeemRecoveryCode(a.redemption, entry(a.lastCode()), async () => 'x')).rejects.toMatchObject(INVALID);
  });

  it('lets one of two parallel right entries through', async () => {
    const a = area();
    await mailRecoveryCode(a.mailing, 'owner@example.com');
    const code = a.lastCode();
    const results = await Promise.allSettled([1, 2].map((n) => redeemRecoveryCode(a.redemption, entry(code), async () => n)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
