import { section } from '../../../../domain/document';
import type { DocumentSeed } from './document-seed';
import { CONTACT_ITEMS, SEED_LAST_UPDATED, SUPPORT_CONTACT } from './support-contact';

const { brand, email, address } = SUPPORT_CONTACT;

/** Privacy Policy: twelve sections (docs/product.md#documents); not for children under 13. */
export const PRIVACY_POLICY: DocumentSeed = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  lastUpdated: SEED_LAST_UPDATED,
  sections: [
    section('Introduction', {
      paragraphs: [
        `This Privacy Policy explains what personal information ${brand} collects when you visit our website, create an account, buy a growth package or contact us, why we collect it, who we share it with and what rights you have.`,
        `${brand}, ${address}, is responsible for your personal information (the "data fiduciary" under India's Digital Personal Data Protection Act, 2023, and the "controller" under the EU and UK General Data Protection Regulation where those laws apply).`,
        'We collect only what we need to run the shop. We never ask for the passwords of your social media accounts, and we do not sell your personal information.',
      ],
    }),
    section('Information We Collect', {
      paragraphs: ['We collect the following information, mostly directly from you:'],
      items: [
        'Account details: your name, e-mail address, phone number with calling code, country and, if you choose to give it, your gender; and your password, which we store only as a one-way hash.',
        'Google sign-in: if you sign in with Google, your name and e-mail address as Google confirms them. We do not receive your Google password.',
        'Order details: the package and price you chose, the public profile or content link you give for delivery, and the status of your order.',
        "Payment metadata: the order id, payment id, amount, currency and payment status that Razorpay returns to us. Your card number, expiry date and CVV are entered on Razorpay's checkout and handled by Razorpay; we never receive or store them.",
        'Messages: what you write to us through the contact form, by e-mail, chat or phone, with your name and e-mail address.',
        'Technical data: your IP address, browser type, the pages you request and the time of each request, recorded in our server logs to keep the service secure and working.',
      ],
    }),
    section('How We Use Your Information', {
      paragraphs: ['We use your information to:'],
      items: [
        'create and secure your account, verify your e-mail address and sign you in;',
        'take your payment, deliver your package to the profile link you gave, and show you your active and completed services;',
        'answer your questions and contact requests, and handle refunds and complaints;',
        'send service e-mails, such as verification codes, order and refund updates, and answers from support (we do not send marketing e-mails without your consent);',
        'detect and prevent fraud, abuse of our services and attacks on the website;',
        'keep the accounting records and meet the other legal obligations that apply to us.',
      ],
    }),
    section('Legal Bases for Processing', {
      paragraphs: ['We process your information only when we have a lawful reason to do so:'],
      items: [
        'Contract: to provide the account and the packages you ask for, we need your account, order and payment details.',
        'Consent: when you sign in with Google, send us a message, or opt in to marketing. You can withdraw consent at any time, without affecting processing that took place before.',
        'Legitimate interests: to keep the website secure, prevent fraud and improve our services, in ways that do not override your rights.',
        'Legal obligation: to keep tax and accounting records and to answer lawful requests from authorities.',
      ],
    }),
    section('Cookies and Local Storage', {
      paragraphs: [
        "When you sign in, we keep a session token, your user id and your e-mail address in your browser's local storage, so that you stay signed in and the website can load your profile and orders. They remain until you log out, which removes them. Staff accounts of our admin area use a separate admin token in the same way.",
        "We do not use advertising or tracking cookies. Razorpay's checkout and Google's sign-in may set their own cookies when you use them, for security and fraud prevention. Our Cookie Policy describes all of this in detail.",
      ],
    }),
    section('How We Share Your Information', {
      paragraphs: ['We share personal information only with the service providers who help us run the shop, and only what each needs:'],
      items: [
        'Razorpay, our payment provider, which processes your card payment and checks it for fraud;',
        'our e-mail delivery provider, which sends verification codes, order updates and support answers on our behalf;',
        'our hosting and infrastructure providers, which store our database and run our servers;',
        'Google, only if you choose to sign in with Google;',
        'authorities, courts or professional advisers, when the law requires it or to establish or defend legal claims.',
      ],
    }),
    section('International Data Transfers', {
      paragraphs: [
        'We are based in India and serve customers in more than 20 countries. Your information is processed in India and may be processed by our service providers in other countries where they or their data centres are located.',
        'When we transfer information from the European Economic Area or the United Kingdom, we rely on adequacy decisions or standard contractual clauses, and we transfer personal data out of India only to countries not restricted under Indian law. Whichever country the data is in, this Privacy Policy and the safeguards described in it continue to apply.',
      ],
    }),
    section('Data Retention and Security', {
      paragraphs: [
        'We keep account information for as long as your account is open. When you close it, we delete or anonymise your personal information within 30 days, except order and payment records, which we keep for up to 8 years because tax and accounting law requires it, and information needed to handle an open dispute or chargeback. Contact requests are kept for 2 years; server logs for 90 days.',
        'We protect your information with encryption in transit (HTTPS), passwords stored as salted, memory-hard hashes, one-time codes that expire after 10 minutes, access limited to staff who need it, and regular updates of our software. No system is perfectly secure; if a breach affects your information, we will tell you and the authorities as the law requires.',
      ],
    }),
    section('Your Rights', {
      paragraphs: [
        'Depending on where you live, you have the right to access the personal information we hold about you, to have it corrected or completed, to have it erased, to withdraw consent, to object to or restrict certain processing, and to receive your information in a portable format. Under Indian law you may also nominate another person to exercise your rights if you die or become incapacitated.',
        `To exercise any of these rights, write to ${email}. We will confirm your identity and answer within 30 days. If you are not satisfied with our answer, you may complain to the Data Protection Board of India or to the data protection authority of your country.`,
      ],
    }),
    section("Children's Privacy", {
      paragraphs: [
        'Our website and services are not intended for children under 13, and we do not knowingly collect personal information from them. Users between 13 and 18 may use our services only with the consent of a parent or legal guardian, as our Terms of Use require.',
        `If you believe a child under 13 has given us personal information, please write to ${email} and we will delete it promptly.`,
      ],
    }),
    section('Changes to This Policy', {
      paragraphs: [
        'We may update this Privacy Policy when our services or the law change. The date at the top of this page shows when it last changed. If we make a significant change, we will tell you by e-mail or with a notice on the website before it takes effect.',
      ],
    }),
    section('Contact Us', {
      paragraphs: [
        'Questions about your privacy, a request about your data, or a complaint? Write to our Grievance Officer, who handles privacy requests, or reach our support team:',
      ],
      items: CONTACT_ITEMS,
    }),
  ],
};
