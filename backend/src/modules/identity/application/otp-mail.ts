import { SHOP_NAME } from '../../../platform/config/brand';
import type { Mail } from '../../../platform/mail/mail.port';
import { OTP_TTL_MS } from '../domain/email-verification';

export const OTP_MAIL_SUBJECT = `Your ${SHOP_NAME} verification code`;

/** What tells two code mails apart: what the code is for, how long it stands, what ignoring it means. */
interface CodeMailWords {
  subject: string;
  /** "…to verify your e-mail address and finish creating your": the text adds the shop's name and "account:". */
  purpose: string;
  /** The sentences after the validity, in both parts. */
  validityNote: string;
  ignoreNote: string;
}

/** A branded mail carrying a one-time code, in text and HTML. */
function codeMail(to: string, code: string, words: CodeMailWords): Mail {
  const minutes = OTP_TTL_MS / 60_000;
  const validity = `The code is valid for ${minutes} minutes and can be used once.${words.validityNote}`;
  const text = [
    'Hello,',
    '',
    `Use this code to ${words.purpose} your ${SHOP_NAME} account:`,
    '',
    `    ${code}`,
    '',
    validity,
    '',
    `If you did not ask for this code, you can ignore this e-mail: ${words.ignoreNote}`,
    'Never share this code with anyone. Our team will never ask you for it.',
    '',
    `The ${SHOP_NAME} team`,
  ].join('\n');
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;max-width:480px;margin:auto;color:#1f2937">',
    `<h2 style="color:#7c3aed;margin-bottom:4px">${SHOP_NAME}</h2>`,
    `<p>Use this code to ${words.purpose} your account:</p>`,
    `<p style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:24px 0">${code}</p>`,
    `<p>${validity}</p>`,
    `<p style="color:#6b7280;font-size:13px">If you did not ask for this code, you can ignore this e-mail: ${words.ignoreNote} Never share this code with anyone.</p>`,
    '</div>',
  ].join('');
  return { to, subject: words.subject, text, html };
}

/** The branded mail carrying a verification code. */
export function otpMail(to: string, code: string): Mail {
  return codeMail(to, code, {
    subject: OTP_MAIL_SUBJECT,
    purpose: 'verify your e-mail address and finish creating',
    validityNote: '',
    ignoreNote: 'no account is created without it.',
  });
}

export const ACCOUNT_EXISTS_SUBJECT = `You already have a ${SHOP_NAME} account`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Instead of a code, to an address that already has an account (POST /user/request-otp answers the
 * same either way, so only the address's owner learns that it is registered).
 */
export function accountExistsMail(to: string, loginUrl: string): Mail {
  const text = [
    'Hello,',
    '',
    `Someone, probably you, asked to create a ${SHOP_NAME} account with this e-mail address.`,
    'This address already has an account, so no code was sent and nothing has changed.',
    '',
    `Sign in here instead: ${loginUrl}`,
    '(with your password, or with Continue with Google if you signed up with Google).',
    '',
    'If you did not ask for this, you can ignore this e-mail.',
    '',
    `The ${SHOP_NAME} team`,
  ].join('\n');
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;max-width:480px;margin:auto;color:#1f2937">',
    `<h2 style="color:#7c3aed;margin-bottom:4px">${SHOP_NAME}</h2>`,
    `<p>Someone, probably you, asked to create a ${SHOP_NAME} account with this e-mail address. This address already has an account, so no code was sent and nothing has changed.</p>`,
    `<p><a href="${escapeHtml(loginUrl)}">Sign in here instead</a>, with your password, or with Continue with Google if you signed up with Google.</p>`,
    '<p style="color:#6b7280;font-size:13px">If you did not ask for this, you can ignore this e-mail.</p>',
    '</div>',
  ].join('');
  return { to, subject: ACCOUNT_EXISTS_SUBJECT, text, html };
}

export const PASSWORD_RESET_SUBJECT = `Your ${SHOP_NAME} password reset code`;

/** The code of "Forgot Password?" (POST /user/forgot-password), to the account's own address. */
export function passwordResetMail(to: string, code: string): Mail {
  return codeMail(to, code, {
    subject: PASSWORD_RESET_SUBJECT,
    purpose: 'choose a new password for',
    validityNote: ' Setting a new password signs you out on every device.',
    ignoreNote: 'your password stays as it is.',
  });
}
