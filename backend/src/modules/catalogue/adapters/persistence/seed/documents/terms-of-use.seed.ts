import { section } from '../../../../domain/document';
import type { DocumentSeed } from './document-seed';
import { CONTACT_ITEMS, SEED_LAST_UPDATED, SUPPORT_CONTACT } from './support-contact';

const { brand, email } = SUPPORT_CONTACT;

/** Terms of Use: sixteen sections (docs/product.md#documents), governing law India, courts of Mathura. */
export const TERMS_OF_USE: DocumentSeed = {
  slug: 'terms-of-use',
  title: 'Terms of Use',
  lastUpdated: SEED_LAST_UPDATED,
  sections: [
    section('Acceptance of These Terms', {
      paragraphs: [
        `These Terms of Use govern your use of the ${brand} website and of every service you order through it. ${brand} ("${brand}", "we", "us" or "our") has operated this storefront since 2023 from its office in Mathura, Uttar Pradesh, India.`,
        'By creating an account, placing an order or simply browsing the website, you agree to these Terms, to our Privacy Policy, our Refund Policy, our Shipping & Delivery Policy and our Cookie Policy, which form part of these Terms. If you do not agree, please do not use the website or our services.',
        'If you order on behalf of a company, agency or client, you confirm that you are authorised to accept these Terms for them, and "you" then means both you and the organisation you represent.',
      ],
    }),
    section('Eligibility and Age Requirements', {
      paragraphs: [
        'You must be at least 18 years old to create an account or place an order. If you are under 18, you may use our services only with the consent and under the supervision of a parent or legal guardian, who accepts these Terms on your behalf and is responsible for every order you place.',
        'Our services are not directed at children under 13, and we do not knowingly accept orders from or collect information about them. If we learn that an account belongs to a child under 13, we will close it and delete its personal information.',
        'You may not use our services if you have previously been suspended by us for breaching these Terms, or if doing so is prohibited by the laws that apply to you.',
      ],
    }),
    section('Our Services', {
      paragraphs: [
        `${brand} sells social media growth packages for YouTube, Instagram, X, Threads, Telegram, LinkedIn, TikTok and Facebook. Each package describes what it includes (for example subscribers, followers, views, likes or comments), its quantity and its price.`,
        'We grow your audience through organic promotion: we place your public content in front of real users who are interested in your niche, through partner networks, creator communities and promotional placements. We do not use bots, fake or hacked accounts, and we never ask for your password. All we need is a link to your public profile, channel, page or post.',
        'We may add, change or withdraw packages at any time. A change never affects an order that has already been paid for.',
      ],
    }),
    section('Accounts and Security', {
      paragraphs: [
        'You can browse our catalogue without an account, but you need one to buy a package and follow its progress. You can register with your e-mail address (which we verify with a one-time code) and a password, or sign in with Google.',
        'Please give accurate details and keep them up to date. You are responsible for keeping your password secret and for everything done through your account. Tell us straight away at ' +
          email +
          ' if you believe someone else has used it.',
        'We will never ask for the password of your social media accounts, by e-mail, chat, phone or any other channel. Anyone who does so in our name is not acting for us; please report it to us.',
      ],
    }),
    section('Orders, Pricing and Payment', {
      paragraphs: [
        'Prices are shown on each pricing page, in US dollars unless stated otherwise, and are the prices you pay; the amount charged is always calculated by our servers from the package you chose. Your bank may add currency conversion or international transaction fees, which we do not control.',
        "Payments are processed securely by Razorpay, our payment provider, over an encrypted connection. Your card details are entered on Razorpay's checkout and are never seen or stored by us. An order becomes binding once your payment has been verified; you will then see the package among your active services.",
        "We may refuse or cancel an order before delivery starts, for example when a profile link is invalid or private, when we suspect fraud, or when the order would breach these Terms or a platform's rules. If we do, we refund the full amount to your original payment method.",
      ],
    }),
    section('Delivery', {
      paragraphs: [
        'All our services are delivered digitally to the public profile link you give at checkout; nothing is shipped. Delivery starts within 24-48 hours of payment, and larger packages are delivered gradually so that your growth looks and stays natural. Our Shipping & Delivery Policy explains the timelines in detail.',
        'You must keep the profile or content public, and must not change its username or link, until delivery is complete. Delays caused by a private, deleted or renamed profile, or by a wrong link, are not our responsibility; we will contact you to fix the link before we continue.',
      ],
    }),
    section('Acceptable Use', {
      paragraphs: ['When you use our website and services, you agree not to:'],
      items: [
        "order promotion for content that is unlawful, hateful, harassing, sexually explicit involving minors, violent, defamatory, or that infringes anyone's intellectual property or privacy;",
        'promote scams, fraudulent investment schemes, counterfeit goods, malware or phishing;',
        'give a profile link that you do not own or are not authorised to promote;',
        'use stolen payment cards or payment methods you are not authorised to use, or make a payment you intend to reverse;',
        'resell our services as your own without our written agreement;',
        'interfere with the website, probe it for weaknesses, scrape it, overload it, or attempt to access accounts or data that are not yours;',
        'impersonate any person or organisation, or misrepresent your connection with them.',
      ],
    }),
    section('Compliance with Platform Rules', {
      paragraphs: [
        'Every social platform has its own terms of service and community guidelines. You remain responsible for the content you promote and for making sure that your account and content comply with the rules of the platform concerned.',
        'Our methods are designed to work within those rules: we rely on real people discovering your content, not on automation or fake accounts. Platforms change their policies and enforcement from time to time, however, and we cannot control how a platform treats your account. If a platform changes its rules in a way that affects a package, we will adapt or pause delivery and tell you.',
      ],
    }),
    section('No Guarantee of Platform Outcomes', {
      paragraphs: [
        'We guarantee that we will deliver the package you bought as it is described. We cannot and do not guarantee outcomes that depend on the platforms or on your audience: for example reach, ranking, recommendations, monetisation, verification badges, sales, or that any particular post will trend. Platform algorithms are owned and changed by the platforms alone.',
        'Real users are free to unfollow, unsubscribe or stop engaging. Some natural drop-off after delivery is normal and is not a failure to deliver. Apart from the promises made in these Terms and in our Refund Policy, our services are provided "as is", to the extent the law allows.',
      ],
    }),
    section('Refunds and Cancellations', {
      paragraphs: [
        'Refunds are governed by our Refund Policy, which forms part of these Terms. In short: you may request a refund within 10 days of purchase; our 30-day money-back guarantee covers packages that were not delivered as described; orders older than 30 days are not refundable; and each request is reviewed within 7-10 business days.',
        'You can cancel an order free of charge before delivery has started by writing to ' +
          email +
          '. Once delivery has started, the Refund Policy applies to the part that has not been delivered.',
      ],
    }),
    section('Intellectual Property', {
      paragraphs: [
        `The website, its design, texts, graphics, logos and software belong to ${brand} or its licensors and are protected by copyright and trademark law. You may view and print pages for your personal use; any other use needs our written permission.`,
        'You keep all rights in your own content. By giving us a link to it, you allow us to display and promote that public content to the extent needed to deliver your order, and for no other purpose.',
        'Platform names and logos (YouTube, Instagram, X, Threads, Telegram, LinkedIn, TikTok, Facebook and others) are trademarks of their owners. We are not affiliated with, sponsored by or endorsed by any of these platforms.',
      ],
    }),
    section('Limitation of Liability', {
      paragraphs: [
        'To the fullest extent permitted by law, our total liability for any claim connected with an order is limited to the amount you paid for that order. We are not liable for indirect or consequential losses, such as loss of profits, revenue, data, opportunity or reputation, nor for actions a platform takes against your account for reasons that are not caused by our breach of these Terms.',
        "You agree to indemnify us against claims, losses and reasonable costs arising from content you asked us to promote, from your breach of these Terms, or from your breach of a platform's rules.",
        'Nothing in these Terms limits liability that cannot be limited by law, including liability for fraud, or your rights as a consumer under the Consumer Protection Act, 2019.',
      ],
    }),
    section('Suspension and Termination', {
      paragraphs: [
        'You may stop using our services and ask us to close your account at any time. Closing an account does not cancel an order that is being delivered unless you ask for it.',
        'We may suspend or close an account, and stop delivery of an order, if you breach these Terms, if we reasonably suspect fraud or a chargeback made in bad faith, or if the law requires it. Where the suspension is not caused by your breach, we refund the undelivered part of any paid order.',
        'Sections on intellectual property, limitation of liability, governing law and any other provision that by its nature should survive will continue to apply after your account is closed.',
      ],
    }),
    section('Governing Law and Jurisdiction', {
      paragraphs: [
        'These Terms, and any dispute or claim arising out of or in connection with them or with our services, are governed by the laws of India.',
        'The courts of Mathura, Uttar Pradesh, have exclusive jurisdiction over any such dispute. Before going to court, please write to us: most problems are solved quickly, and we will try in good faith to resolve any complaint within 30 days.',
      ],
    }),
    section('Changes to These Terms', {
      paragraphs: [
        "We may update these Terms when our services, the law or the platforms' rules change. The date at the top of this page shows when they last changed. If a change materially affects your rights, we will tell you by e-mail or with a notice on the website before it takes effect.",
        'The Terms in force when you placed an order apply to that order. By continuing to use the website after a change takes effect, you accept the updated Terms.',
      ],
    }),
    section('Contact Us', {
      paragraphs: ['Questions about these Terms, or a complaint? Our support team is here 24/7:'],
      items: CONTACT_ITEMS,
    }),
  ],
};
