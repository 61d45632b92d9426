import { SHOP_NAME } from '../../../platform/config/brand';
import { brandedMail, codeMail, escapeHtml } from '../../../platform/mail/branded-mail';
import type { Mail } from '../../../platform/mail/mail.port';
import { ADMIN_CODE_TTL_MS } from '../domain/admin-code';

export const PASSWORD_RESET_SUBJECT = `Your ${SHOP_NAME} admin password reset code`;
export const EMAIL_CHANGE_SUBJECT = `Confirm your new ${SHOP_NAME} admin e-mail address`;
export const EMAIL_CHANGED_SUBJECT = `Your ${SHOP_NAME} admin e-mail address was changed`;
export const EMAIL_CHANGE_REQUESTED_SUBJECT = `A change of your ${SHOP_NAME} admin e-mail address was requested`;

/** The admin mails' heading. */
const HEADING = `${SHOP_NAME} admin`;

function adminCodeMail(to: string, subject: string, purpose: string, ignore: string, code: string): Mail {
  return codeMail(to, code, { subject, heading: HEADING, purpose: { text: purpose, html: purpose }, minutes: ADMIN_CODE_TTL_MS / 60_000, validityNote: '', ignore });
}

/** The code of POST /admin/forgot-password, to the admin's address. */
export function passwordResetMail(to: string, code: string): Mail {
  return adminCodeMail(
    to,
    PASSWORD_RESET_SUBJECT,
    'reset the password of your admin account',
    'If you did not ask for a reset, ignore this e-mail: your password stays as it is.',
    code,
  );
}

/** The code of POST /admin/update-email/request, to the NEW address. */
export function emailChangeMail(to: string, code: string): Mail {
  return adminCodeMail(
    to,
    EMAIL_CHANGE_SUBJECT,
    'confirm this address as the new sign-in address of your admin account',
    'If you did not ask for this, ignore this e-mail: nothing changes without the code.',
    code,
  );
}

/**
 * At an e-mail change request, to the OLD address, before anything changes: who asked knew the
 * password, so the owner gets a way to stop it (the link), which also works for a while after the
 * change took effect (it puts the address back).
 */
export function emailChangeRequestedNotice(to: string, newEmail: string, stopUrl: string, stopUntil: Date): Mail {
  const until = stopUntil.toUTCString();
  return brandedMail({
    to,
    subject: EMAIL_CHANGE_REQUESTED_SUBJECT,
    heading: HEADING,
    text: [
      `Someone signed in to your ${SHOP_NAME} admin account asked to change its sign-in address to ${newEmail}.`,
      `The change takes effect when the code sent to ${newEmail} is entered.`,
      '',
      'If this was not you, stop it now with this link (it also puts your address back if the change has',
      `already taken effect, and ends every session of the account; it works until ${until}):`,
      '',
      `    ${stopUrl}`,
      '',
      'Then set a new password with "Forgot password" on the admin login: whoever asked knew your password.',
      '',
      'If it was you, there is nothing to do.',
    ],
    html: [
      `<p>Someone signed in to your admin account asked to change its sign-in address to <b>${escapeHtml(newEmail)}</b>. The change takes effect when the code sent there is entered.</p>`,
      `<p>If this was not you, <a href="${escapeHtml(stopUrl)}">stop the change</a>. The link also puts your address back if the change has already taken effect, and ends every session of the account; it works until ${escapeHtml(until)}. Then set a new password with "Forgot password" on the admin login: whoever asked knew your password.</p>`,
      '<p style="color:#6b7280;font-size:13px">If it was you, there is nothing to do.</p>',
    ],
  });
}

/** After an e-mail change, to the OLD address: the change took effect; the earlier link still undoes it. */
export function emailChangedNotice(to: string, newEmail: string, stopUntil: Date): Mail {
  const until = stopUntil.toUTCString();
  return brandedMail({
    to,
    subject: EMAIL_CHANGED_SUBJECT,
    heading: HEADING,
    text: [
      `The sign-in address of your ${SHOP_NAME} admin account was changed to ${newEmail}.`,
      'Every other session of the account has ended.',
      '',
      `If you did not make this change, use the link in the e-mail we sent when it was requested: until ${until}`,
      'it puts your address back and ends every session. Then set a new password with "Forgot password".',
    ],
    html: [
      `<p>The sign-in address of your admin account was changed to <b>${escapeHtml(newEmail)}</b>. Every other session of the account has ended.</p>`,
      `<p>If you did not make this change, use the link in the e-mail we sent when it was requested: until ${escapeHtml(until)} it puts your address back and ends every session. Then set a new password with "Forgot password".</p>`,
    ],
  });
}
