import { section } from '../../../../domain/document';
import type { DocumentSeed } from './document-seed';
import { CONTACT_ITEMS, SEED_LAST_UPDATED, SUPPORT_CONTACT } from './support-contact';

const { brand } = SUPPORT_CONTACT;

/** Cookie Policy: what the website keeps in the browser (local storage, one sign-in cookie, no tracking cookies). */
export const COOKIE_POLICY: DocumentSeed = {
  slug: 'cookie-policy',
  title: 'Cookie Policy',
  lastUpdated: SEED_LAST_UPDATED,
  sections: [
    section('About This Policy', {
      paragraphs: [
        `This Cookie Policy explains what the ${brand} website stores in your browser, why, and how you can control it. It complements our Privacy Policy.`,
        'Cookies are small text files a website stores in your browser. Local storage is a similar browser feature that keeps information on your device until it is removed. For our own purposes we use local storage, and one cookie that helps you sign in.',
      ],
    }),
    section('What We Store and Why', {
      paragraphs: ['Only what is strictly necessary for the website to work:'],
      items: [
        'token: your session token, which keeps you signed in and proves to our servers that requests come from you;',
        'userId and email: your account id and e-mail address, so the website can load your profile and orders;',
        'adminToken (staff only): the session of our admin area;',
        'growth_device_customer and growth_device_admin (cookies): set when you sign in or reset your password on this browser, so that other people trying wrong passwords on your account cannot keep you out. They hold only the time they were issued and a signature, are sent only to our own website, cannot be read by scripts, and expire after 180 days.',
      ],
    }),
    section('No Advertising or Tracking Cookies', {
      paragraphs: [
        'We do not use advertising cookies, cross-site tracking or third-party analytics, and we do not build profiles of your browsing. Our fonts, icons and images are served from our own website, so loading a page does not contact third parties.',
      ],
    }),
    section('Third-Party Cookies', {
      paragraphs: [
        'Two providers may set their own cookies, and only when you use their features: Razorpay, when you open its checkout to pay, for security and fraud prevention; and Google, when you choose Continue with Google. Their cookies are governed by the privacy policies of Razorpay and Google.',
      ],
    }),
    section('How Long Information Is Kept', {
      paragraphs: [
        'The session token, user id and e-mail address stay in your browser until you log out, which removes them. The sign-in cookie expires 180 days after it was set. None of them is sent to any other website.',
      ],
    }),
    section('Managing Cookies and Local Storage', {
      paragraphs: [
        "You can delete cookies and local storage for our website at any time in your browser's settings, usually under Privacy or Site data; this signs you out. Because we only store what is strictly necessary, blocking it means you cannot sign in or buy packages, although you can still browse our services and policies.",
      ],
    }),
    section('Changes and Contact', {
      paragraphs: ['We will update this policy if we start storing anything new, and change the date at the top of this page. Questions? Contact us:'],
      items: CONTACT_ITEMS,
    }),
  ],
};
