import { section } from '../../../../domain/document';
import type { DocumentSeed } from './document-seed';
import { SEED_LAST_UPDATED, SUPPORT_CONTACT } from './support-contact';

const { brand, email, phone, liveChat } = SUPPORT_CONTACT;

/**
 * The FAQ page: four groups (docs/product.md#documents), one section each, the questions in `faqs`. Names Spotify
 * among the platforms and the 30-day money-back guarantee (docs/product.md#what-the-shop-sells).
 */
export const FAQS: DocumentSeed = {
  slug: 'faqs',
  title: 'Frequently Asked Questions',
  lastUpdated: SEED_LAST_UPDATED,
  sections: [
    section('General Questions', {
      paragraphs: [],
      faqs: [
        {
          question: `What is ${brand}?`,
          answer: `${brand} helps creators and businesses grow on social media with real, organic engagement. Founded in 2023, our team of more than 50 people has served over 100,000 clients in more than 20 countries.`,
        },
        {
          question: 'Which platforms do you support?',
          answer:
            'Our pricing pages offer ready-made packages for YouTube, Instagram, X (Twitter), Threads, Telegram, LinkedIn, TikTok and Facebook. We also run custom campaigns for Spotify artists and podcasts: choose Spotify in the contact form and we will propose a plan within 24 hours.',
        },
        {
          question: 'Is the engagement real?',
          answer:
            'Yes. We promote your public content to real people who are interested in your niche, through partner networks, creator communities and promotional placements. We never use bots, fake accounts or hacked accounts, so the followers, views and interactions you gain come from genuine users.',
        },
        {
          question: 'Is using your services safe for my account?',
          answer:
            'Our methods rely on real people discovering your content, and we deliver gradually so that your growth looks natural, which keeps your account within platform guidelines. We never need your password, so your account always stays under your control.',
        },
        {
          question: 'How do I get started?',
          answer:
            'It takes three steps: choose a service on our Services page, pay securely, and watch your growth. At checkout you only give us the public link of the profile, channel or post you want to grow.',
        },
      ],
    }),
    section('Services & Pricing', {
      paragraphs: [],
      faqs: [
        {
          question: 'How quickly will I see results?',
          answer:
            'Delivery starts within 24-48 hours of your payment. Small packages are usually complete within 1-3 days; larger ones are spread over up to 7 days so your growth looks natural. You can follow each order under Active services in your profile.',
        },
        {
          question: 'How do I choose the right package?',
          answer:
            'Each platform has three tiers, and the one marked Most Popular suits most creators. If you are starting out, a smaller tier lets you try our service; if you are planning a launch or a campaign, a larger one gives a stronger push. Not sure? Contact us and we will recommend one for your goals.',
        },
        {
          question: 'Are there any hidden fees or subscriptions?',
          answer:
            'No. The price on the pricing page is the price you pay, once, for that package; nothing renews automatically. Your bank may charge its own fee for payments in a foreign currency.',
        },
        {
          question: 'Can I split a package across several posts or profiles?',
          answer:
            'Each order is delivered to the one link you give at checkout. If you want to promote several posts or profiles, place one order for each, or contact us for a custom campaign.',
        },
        {
          question: 'Do you offer custom or agency plans?',
          answer:
            'Yes. For management of your accounts, larger campaigns or consultation, choose the matching service type in our contact form and tell us about your goals; we reply within 24 hours.',
        },
      ],
    }),
    section('Payment & Refunds', {
      paragraphs: [],
      faqs: [
        {
          question: 'Which payment methods do you accept?',
          answer:
            'We accept debit and credit card payments through Razorpay, our secure payment provider. Prices are in US dollars; if your card is in another currency, your bank converts the amount.',
        },
        {
          question: 'Is my payment secure?',
          answer:
            "Yes. Payments are encrypted and processed by Razorpay. Your card details are entered on Razorpay's checkout and never reach our servers, and every payment is verified before your order is activated.",
        },
        {
          question: 'Do you offer a money-back guarantee?',
          answer:
            'Yes. Our 30-day money-back guarantee covers any package that was not delivered as described: we complete the delivery or refund you. You can also request a refund for any reason within 10 days of purchase. Orders older than 30 days are not refundable. Our Refund Policy has the details.',
        },
        {
          question: 'How do I request a refund, and how long does it take?',
          answer: `Write to ${email} with your order id and the reason for your request. We review each request within 7-10 business days; approved refunds go back to your original payment method, and banks usually credit them within 5-7 business days after that.`,
        },
        {
          question: 'What happens if my payment fails?',
          answer:
            'No order is created and nothing is charged. If money left your account but your order does not appear under Active services within an hour, contact us with the payment id from your bank or Razorpay receipt and we will sort it out.',
        },
      ],
    }),
    section('Account & Security', {
      paragraphs: [],
      faqs: [
        {
          question: 'Do you need my social media password?',
          answer:
            'Never. We only need the public link to your profile, channel or post. Anyone asking for your password in our name is not from our team; please report it to us.',
        },
        {
          question: 'How do I create an account?',
          answer:
            'Select Sign In, then Register Now. Enter your e-mail address, confirm it with the 6-digit code we send you, and complete your details. You can also continue with Google.',
        },
        {
          question: 'Where can I see my orders?',
          answer:
            'Open your profile to see your details and how many services are active and completed. View Services lists every order with its plan, order id, payment id, amount and status.',
        },
        {
          question: 'How do you protect my personal information?',
          answer:
            'We collect only what we need to run your orders, store passwords as one-way hashes, encrypt every connection, and never sell your data. Our Privacy Policy explains what we collect and your rights.',
        },
        {
          question: 'How can I contact support?',
          answer: `Our support team answers e-mails 24/7 at ${email}, usually within 24 hours. You can also call us on ${phone} or use live chat (${liveChat}).`,
        },
      ],
    }),
  ],
};
