import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stored Cookie Policy names the known-device cookies (docs/catalogue.md#when-a-seeded-text-changes):
 * the seeded text said the site keeps no cookie of its own, which stopped being true when sign-in
 * began to set `growth_device_customer` and `growth_device_admin`. The seeder writes only missing
 * documents (docs/architecture.md#seed-data), so a database seeded before that change keeps the old
 * text until this migration.
 *
 * An owner's edit is never overwritten: up replaces the content only where it still equals the old
 * seeded content exactly (jsonb equality: every heading, paragraph and item, in order), down puts
 * the old one back only where it equals the new one. The title and the date are left as they are
 * (the seed for a new database carries the same date with the new text). Both texts are frozen here,
 * as they were seeded: the seed file may change later, this migration must not.
 */
export const OLD_COOKIE_POLICY = {
  sections: [
    {
      id: 'about-this-policy',
      heading: 'About This Policy',
      paragraphs: [
        'This Cookie Policy explains what the SocialGrowth website stores in your browser, why, and how you can control it. It complements our Privacy Policy.',
        'Cookies are small text files a website stores in your browser. Local storage is a similar browser feature that keeps information on your device until it is removed. We use local storage rather than cookies for our own purposes.',
      ],
    },
    {
      id: 'what-we-store-and-why',
      heading: 'What We Store and Why',
      paragraphs: ['Only what is strictly necessary for the website to work:'],
      items: [
        'token: your session token, which keeps you signed in and proves to our servers that requests come from you;',
        'userId and email: your account id and e-mail address, so the website can load your profile and orders;',
        'adminToken (staff only): the session of our admin area.',
      ],
    },
    {
      id: 'no-advertising-or-tracking-cookies',
      heading: 'No Advertising or Tracking Cookies',
      paragraphs: [
        'We do not use advertising cookies, cross-site tracking or third-party analytics, and we do not build profiles of your browsing. Our fonts, icons and images are served from our own website, so loading a page does not contact third parties.',
      ],
    },
    {
      id: 'third-party-cookies',
      heading: 'Third-Party Cookies',
      paragraphs: [
        'Two providers may set their own cookies, and only when you use their features: Razorpay, when you open its checkout to pay, for security and fraud prevention; and Google, when you choose Continue with Google. Their cookies are governed by the privacy policies of Razorpay and Google.',
      ],
    },
    {
      id: 'how-long-information-is-kept',
      heading: 'How Long Information Is Kept',
      paragraphs: ['The session token, user id and e-mail address stay in your browser until you log out, which removes them. They are not sent to any other website.'],
    },
    {
      id: 'managing-cookies-and-local-storage',
      heading: 'Managing Cookies and Local Storage',
      paragraphs: [
        "You can delete cookies and local storage for our website at any time in your browser's settings, usually under Privacy or Site data; this signs you out. Because we only store what is strictly necessary, blocking it means you cannot sign in or buy packages, although you can still browse our services and policies.",
      ],
    },
    {
      id: 'changes-and-contact',
      heading: 'Changes and Contact',
      paragraphs: ['We will update this policy if we start storing anything new, and change the date at the top of this page. Questions? Contact us:'],
      items: [
        'E-mail: support@growth.local (answered around the clock, usually within 24 hours)',
        'Phone: +91 565 240 7788',
        'Live chat: Mon-Fri 9am-6pm PST',
        'Post: SocialGrowth, 2nd Floor, Krishna Plaza, Dampier Nagar, Mathura, Uttar Pradesh 281001, India',
      ],
    },
  ],
};

/** The content the seed has written since the known-device cookies (the seed file as this migration was written). */
export const NEW_COOKIE_POLICY = {
  sections: [
    {
      id: 'about-this-policy',
      heading: 'About This Policy',
      paragraphs: [
        'This Cookie Policy explains what the SocialGrowth website stores in your browser, why, and how you can control it. It complements our Privacy Policy.',
        'Cookies are small text files a website stores in your browser. Local storage is a similar browser feature that keeps information on your device until it is removed. For our own purposes we use local storage, and one cookie that helps you sign in.',
      ],
    },
    {
      id: 'what-we-store-and-why',
      heading: 'What We Store and Why',
      paragraphs: ['Only what is strictly necessary for the website to work:'],
      items: [
        'token: your session token, which keeps you signed in and proves to our servers that requests come from you;',
        'userId and email: your account id and e-mail address, so the website can load your profile and orders;',
        'adminToken (staff only): the session of our admin area;',
        'growth_device_customer and growth_device_admin (cookies): set when you sign in or reset your password on this browser, so that other people trying wrong passwords on your account cannot keep you out. They hold only the time they were issued and a signature, are sent only to our own website, cannot be read by scripts, and expire after 180 days.',
      ],
    },
    {
      id: 'no-advertising-or-tracking-cookies',
      heading: 'No Advertising or Tracking Cookies',
      paragraphs: [
        'We do not use advertising cookies, cross-site tracking or third-party analytics, and we do not build profiles of your browsing. Our fonts, icons and images are served from our own website, so loading a page does not contact third parties.',
      ],
    },
    {
      id: 'third-party-cookies',
      heading: 'Third-Party Cookies',
      paragraphs: [
        'Two providers may set their own cookies, and only when you use their features: Razorpay, when you open its checkout to pay, for security and fraud prevention; and Google, when you choose Continue with Google. Their cookies are governed by the privacy policies of Razorpay and Google.',
      ],
    },
    {
      id: 'how-long-information-is-kept',
      heading: 'How Long Information Is Kept',
      paragraphs: [
        'The session token, user id and e-mail address stay in your browser until you log out, which removes them. The sign-in cookie expires 180 days after it was set. None of them is sent to any other website.',
      ],
    },
    {
      id: 'managing-cookies-and-local-storage',
      heading: 'Managing Cookies and Local Storage',
      paragraphs: [
        "You can delete cookies and local storage for our website at any time in your browser's settings, usually under Privacy or Site data; this signs you out. Because we only store what is strictly necessary, blocking it means you cannot sign in or buy packages, although you can still browse our services and policies.",
      ],
    },
    {
      id: 'changes-and-contact',
      heading: 'Changes and Contact',
      paragraphs: ['We will update this policy if we start storing anything new, and change the date at the top of this page. Questions? Contact us:'],
      items: [
        'E-mail: support@growth.local (answered around the clock, usually within 24 hours)',
        'Phone: +91 565 240 7788',
        'Live chat: Mon-Fri 9am-6pm PST',
        'Post: SocialGrowth, 2nd Floor, Krishna Plaza, Dampier Nagar, Mathura, Uttar Pradesh 281001, India',
      ],
    },
  ],
};

export class CookiePolicyDeviceCookies1765500000000 implements MigrationInterface {
  name = 'CookiePolicyDeviceCookies1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.replace(queryRunner, OLD_COOKIE_POLICY, NEW_COOKIE_POLICY);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.replace(queryRunner, NEW_COOKIE_POLICY, OLD_COOKIE_POLICY);
  }

  private async replace(queryRunner: QueryRunner, from: object, to: object): Promise<void> {
    await queryRunner.query(`UPDATE documents SET content = $2::jsonb, updated_at = now() WHERE slug = 'cookie-policy' AND content = $1::jsonb`, [
      JSON.stringify(from),
      JSON.stringify(to),
    ]);
  }
}
