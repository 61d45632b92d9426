import { SHOP_NAME } from '../../../platform/config/brand';
import { brandedMail, codeMail, escapeHtml } from '../../../platform/mail/branded-mail';
import type { Mail } from '../../../platform/mail/mail.port';
import { OTP_TTL_MS } from '../domain/email-verification';

export const OTP_MAIL_SUBJECT = `Your ${SHOP_NAME} verification code`;

/**
 * A customer's code mail: "…to <purpose> your <shop> account" (the HTML part leaves the shop's name
 * to the heading), and what ignoring it means after "If you did not ask for this code".
 */
function customerCodeMail(to: string, code: string, words: { subject: string; purpose: string; validityNote: string; ignoreNote: string }): Mail {
  return codeMail(to, code, {
    subject: words.subject,
    heading: SHOP_NAME,
    purpose: { text: `${words.purpose} your ${SHOP_NAME} account`, html: `${words.purpose} your account` },
    minutes: OTP_TTL_MS / 60_000,
    validityNote: words.validityNote,
    ignore: `If you did not ask for this code, you can ignore this e-mail: ${words.ignoreNote}`,
  });
}

/** The branded mail carrying a verification code. */
export function otpMail(to: string, code: string): Mail {
  return customerCodeMail(to, code, {
    subject: OTP_MAIL_SUBJECT,
    purpose: 'verify your e-mail address and finish creating',
    validityNote: '',
    ignoreNote: 'no account is created without it.',
  });
}

export const ACCOUNT_EXISTS_SUBJECT = `You already have a ${SHOP_NAME} account`;

/**
 * Instead of a code, to an address that already has an account (POST /user/request-otp answers the
 * same either way, so only the address's owner learns that it is registered).
 */
export function accountExistsMail(to: string, loginUrl: string): Mail {
  return brandedMail({
    to,
    subject: ACCOUNT_EXISTS_SUBJECT,
    heading: SHOP_NAME,
    text: [
      `Someone, probably you, asked to create a ${SHOP_NAME} account with this e-mail address.`,
      'This address already has an account, so no code was sent and nothing has changed.',
      '',
      `Sign in here instead: ${loginUrl}`,
      '(with your password, or with Continue with Google if you signed up with Google).',
      '',
      'If you did not ask for this, you can ignore this e-mail.',
    ],
    html: [
      `<p>Someone, probably you, asked to create a ${SHOP_NAME} account with this e-mail address. This address already has an account, so no code was sent and nothing has changed.</p>`,
      `<p><a href="${escapeHtml(loginUrl)}">Sign in here instead</a>, with your password, or with Continue with Google if you signed up with Google.</p>`,
      '<p style="color:#6b7280;font-size:13px">If you did not ask for this, you can ignore this e-mail.</p>',
    ],
  });
}

export const PASSWORD_RESET_SUBJECT = `Your ${SHOP_NAME} password reset code`;

/** The code of "Forgot Password?" (POST /user/forgot-password), to the account's own address. */
export function passwordResetMail(to: string, code: string): Mail {
  return customerCodeMail(to, code, {
    subject: PASSWORD_RESET_SUBJECT,
    purpose: 'choose a new password for',
    validityNote: ' Setting a new password signs you out on every device.',
    ignoreNote: 'your password stays as it is.',
  });
}
