import { section } from '../../../../domain/document';
import type { DocumentSeed } from './document-seed';
import { CONTACT_ITEMS, SEED_LAST_UPDATED, SUPPORT_CONTACT } from './support-contact';

const { brand, email } = SUPPORT_CONTACT;

/**
 * Refund Policy (the public Refund page; admin slug returns-policy): ten sections (docs/product.md#documents).
 * docs/product.md#refunds holds two rules that both stand: refund requests within 10 days of purchase, and a
 * 30-day money-back guarantee. They are told apart by their cause: the 10-day window is for any
 * reason, the 30-day guarantee for a package that was not delivered as described; after 30 days
 * nothing is refundable. Review takes 7-10 business days.
 */
export const RETURNS_POLICY: DocumentSeed = {
  slug: 'returns-policy',
  title: 'Refund Policy',
  lastUpdated: SEED_LAST_UPDATED,
  sections: [
    section('Overview', {
      paragraphs: [
        `We want you to be happy with every package you buy from ${brand}. Because our services are digital and delivery starts within 24-48 hours of payment, there is nothing to "return"; instead, this policy explains when we refund your payment, in full or in part, and how to ask for it.`,
        'Two time limits apply, and they answer different questions. Within 10 days of purchase you may ask for a refund for any reason. Within 30 days of purchase our money-back guarantee protects you if a package was not delivered as described. Orders older than 30 days are not refundable. The sections below explain each rule.',
      ],
    }),
    section('Refund Requests Within 10 Days', {
      paragraphs: [
        'You may request a refund for any reason within 10 days of the date of purchase, for example if you ordered the wrong package, changed your mind or were charged twice.',
      ],
      items: [
        'If delivery has not started yet, you receive a full refund.',
        'If delivery has started, you receive a refund of the part of the package that has not been delivered yet (see Partial Delivery).',
        'A duplicate payment for the same order is always refunded in full.',
      ],
    }),
    section('Our 30-Day Money-Back Guarantee', {
      paragraphs: [
        'Our 30-day money-back guarantee covers any package that was not delivered as described: delivery did not start, the quantity delivered was lower than the package promised, or what was delivered does not match the package description. It applies for 30 days from the date of purchase, so it continues to protect you after the 10-day window has closed.',
        'When a guarantee claim is upheld, we first offer to complete or redo the delivery free of charge. If you prefer your money back, or we cannot fix the problem within 7 days, we refund the amount for the part that was not delivered as described, up to the full price of the package.',
        'After 30 days from the date of purchase, orders are not refundable under this policy or the guarantee. This does not affect any right you have under applicable consumer protection law.',
      ],
    }),
    section('Partial Delivery', {
      paragraphs: [
        'Some packages are delivered gradually over several days. If a refund is approved for a package that has been partly delivered, we refund the undelivered share in proportion to the package: for example, if 600 of 1,000 followers were delivered, we refund 40% of the price.',
        'Engagement that has been delivered cannot be taken back, so it is not refunded, unless it was not delivered as described and is covered by the 30-day money-back guarantee. Natural drop-off after delivery (real people may later unfollow or unsubscribe) does not count as non-delivery.',
      ],
    }),
    section('Non-Refundable Cases', {
      paragraphs: ['We cannot refund an order, or the affected part of it, when:'],
      items: [
        'the package was delivered in full and as described;',
        'the refund request is made more than 10 days after purchase and the package was delivered as described;',
        'the order is older than 30 days;',
        'delivery could not be completed because the profile or content was made private, deleted or renamed, or the link given at checkout was wrong, and you did not correct it when we asked;',
        'the platform restricted or removed your account or content because of your own breach of its rules or of our Terms of Use;',
        'the result you expected depends on the platform rather than on our delivery, such as reach, ranking, monetisation, sales or a post trending;',
        'the order was placed in breach of our Terms of Use, for example to promote prohibited content.',
      ],
    }),
    section('How to Request a Refund', {
      paragraphs: [`Write to ${email} from the e-mail address of your account, or use the contact form, and include:`],
      items: [
        'your order id (shown with each service under Active and Completed services, and in your payment confirmation);',
        'the profile or content link the order was delivered to;',
        'the reason for your request and, for a guarantee claim, what was not delivered as described (screenshots help).',
      ],
    }),
    section('Review Process', {
      paragraphs: [
        'We confirm that we have received your request within 24 hours. Our team then checks the delivery records of your order and, where needed, the public profile it was delivered to. The review takes 7-10 business days, and we tell you the outcome by e-mail, with the amount of any refund and how we calculated it.',
        'We may ask you for more information during the review; the review continues as soon as we have it. The date that counts for the 10-day and 30-day limits is the date we received your request, not the date we finish the review.',
      ],
    }),
    section('Refund Method and Timing', {
      paragraphs: [
        'Approved refunds are paid to the original payment method through Razorpay, in the currency you paid in. We start the refund within 2 business days of approving it. Banks and card issuers usually credit it within 5-7 business days after that, and some take longer; the date it appears on your statement is up to them.',
        'We cannot refund to a different card, account or person. Any currency conversion or bank fees charged by your bank when you paid are not refunded by us.',
      ],
    }),
    section('Chargebacks and Payment Disputes', {
      paragraphs: [
        'If something went wrong with your order, please contact us before disputing the payment with your bank: we can usually fix the problem or refund you faster than a chargeback can.',
        'If you open a chargeback while a refund request is being reviewed, or after a refund has been paid, we will pause the review and provide our delivery records to your bank. A refund and a chargeback for the same amount cannot both be paid. We may suspend accounts that file chargebacks in bad faith for services that were delivered.',
      ],
    }),
    section('Contact Us', {
      paragraphs: ['Questions about a refund or about this policy? Our support team is available 24/7:'],
      items: CONTACT_ITEMS,
    }),
  ],
};
