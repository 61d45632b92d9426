import { SHOP_NAME } from '../config/brand';
import type { Mail } from './mail.port';

/** Text put into a mail's HTML as it is: the characters that would be markup, as numeric references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The shop's one mail layout, for every module's mails: the text part between "Hello," and the
 * team's name, the HTML part as the shop's card under a heading. A module brings its words: the
 * text part's lines, and the HTML part's elements (its values escaped with escapeHtml).
 */
export function brandedMail(mail: { to: string; subject: string; heading: string; text: string[]; html: string[] }): Mail {
  const text = ['Hello,', '', ...mail.text, '', `The ${SHOP_NAME} team`].join('\n');
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;max-width:480px;margin:auto;color:#1f2937">',
    `<h2 style="color:#7c3aed;margin-bottom:4px">${mail.heading}</h2>`,
    ...mail.html,
    '</div>',
  ].join('');
  return { to: mail.to, subject: mail.subject, text, html };
}

/** What tells two code mails apart. */
export interface CodeMailWords {
  subject: string;
  heading: string;
  /** "Use this code to …:" in the text part, and in the HTML part (where it may be shorter). */
  purpose: { text: string; html: string };
  /** How long the code stands, in minutes. */
  minutes: number;
  /** Said after the validity, in both parts (with its leading space), or ''. */
  validityNote: string;
  /** What ignoring the mail means, a whole sentence. */
  ignore: string;
}

/** A one-time code in the shop's layout: what it is for, the code, how long it stands, what ignoring it means, never share it. */
export function codeMail(to: string, code: string, words: CodeMailWords): Mail {
  const validity = `The code is valid for ${words.minutes} minutes and can be used once.${words.validityNote}`;
  return brandedMail({
    to,
    subject: words.subject,
    heading: words.heading,
    text: [
      `Use this code to ${words.purpose.text}:`,
      '',
      `    ${code}`,
      '',
      validity,
      '',
      words.ignore,
      'Never share this code with anyone. Our team will never ask you for it.',
    ],
    html: [
      `<p>Use this code to ${words.purpose.html}:</p>`,
      `<p style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:24px 0">${code}</p>`,
      `<p>${validity}</p>`,
      `<p style="color:#6b7280;font-size:13px">${words.ignore} Never share this code with anyone.</p>`,
    ],
  });
}
