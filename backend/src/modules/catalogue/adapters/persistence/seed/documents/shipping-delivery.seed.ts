import { section } from '../../../../domain/document';
import type { DocumentSeed } from './document-seed';
import { CONTACT_ITEMS, SEED_LAST_UPDATED, SUPPORT_CONTACT } from './support-contact';

const { brand } = SUPPORT_CONTACT;

/** Shipping & Delivery Policy: digital delivery, start within 24-48 hours (docs/product.md#what-the-shop-sells). */
export const SHIPPING_DELIVERY: DocumentSeed = {
  slug: 'shipping-delivery',
  title: 'Shipping & Delivery Policy',
  lastUpdated: SEED_LAST_UPDATED,
  sections: [
    section('Digital Delivery Only', {
      paragraphs: [
        `Every ${brand} package is a digital service. Nothing is shipped and there are no shipping charges: we deliver the engagement you bought to the public profile, channel, page or post whose link you gave at checkout, wherever you are in the world.`,
      ],
    }),
    section('When Delivery Starts', {
      paragraphs: [
        'Delivery starts within 24-48 hours of your payment being verified, every day of the week. The order appears under Active services in your profile as soon as the payment is verified, with the status In Process.',
      ],
    }),
    section('Delivery Timelines', {
      paragraphs: [
        'We deliver gradually, at a pace similar to natural growth, because sudden jumps look unnatural to your audience and to the platforms. Typical timelines, counted from the start of delivery:',
      ],
      items: [
        'Entry-level packages: complete within 1-3 days.',
        'Mid-size packages: complete within 3-5 days.',
        'The largest packages and custom campaigns: complete within 5-7 days, or on the schedule agreed with you.',
      ],
    }),
    section('What We Need From You', {
      paragraphs: [
        'A correct, public link, and nothing else: we never ask for your password. Please keep the profile or content public, and do not change its username or link, until the order shows as Completed. If a link is wrong or becomes private, we pause delivery and contact you by e-mail; delivery continues as soon as it is fixed.',
      ],
    }),
    section('Tracking and Completion', {
      paragraphs: [
        'You can follow every order under Active services in your profile. When the full quantity has been delivered, the order moves to Completed services. If an order has not started 48 hours after payment, or has not been completed within the timeline above, please contact us with your order id.',
      ],
    }),
    section('Delays', {
      paragraphs: [
        'Rarely, a platform update, an unusually large order or a platform outage can slow delivery. If we expect a delay of more than 24 hours beyond the timelines above, we tell you by e-mail. A package that is not delivered as described is covered by our 30-day money-back guarantee (see our Refund Policy).',
      ],
    }),
    section('Contact Us', {
      paragraphs: ['Questions about a delivery? Our support team is available 24/7:'],
      items: CONTACT_ITEMS,
    }),
  ],
};
