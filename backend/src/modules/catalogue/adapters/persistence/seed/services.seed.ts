import { PLATFORM_LOGOS } from './platform-logos';

/**
 * The catalogue of a first start: one service per platform, headed by the platform name, so that
 * slug(heading) equals the platform slug of the pricing pages (/services/youtube, ...).
 * Listed in catalogue order; the seeder gives each a creation time one millisecond apart.
 * Claims follow docs/product.md#what-the-shop-sells: real organic engagement, delivery within 24-48 hours, 30-day money-back
 * guarantee, 24/7 support.
 */
export interface ServiceSeed {
  heading: string;
  description: string;
  logo: string;
  content: ReadonlyArray<{ key: string; value: string }>;
}

/** The third content row of every service. */
const DELIVERY = { key: 'Delivery', value: 'Starts within 24-48 hours' };

/** The last content row of a service: the one promise it stresses. */
const PROMISES = {
  guarantee: { key: 'Guarantee', value: '30-day money-back guarantee' },
  support: { key: 'Support', value: '24/7 support from our growth team' },
  noPassword: { key: 'Safety', value: 'No password required, ever' },
  securePayment: { key: 'Safety', value: 'Secure, encrypted payment with no password required' },
} as const;

/** What differs from one platform's service to the next. */
interface PlatformPitch {
  /** The heading; lower-cased, the key of its logo. */
  platform: string;
  /** What the customer gets, then how the shop reaches the audience: the description, joined by a space. */
  pitch: readonly [string, string];
  /** The first two content rows, [key, value]: what is bought. */
  offer: readonly [readonly [string, string], readonly [string, string]];
  promise: keyof typeof PROMISES;
}

const PITCHES: ReadonlyArray<PlatformPitch> = [
  {
    platform: 'YouTube',
    pitch: [
      'Grow your channel with real subscribers, views and likes from viewers who care about your niche.',
      'We promote your videos through organic placements, so the watch time and engagement you gain are genuine.',
    ],
    offer: [
      ['Subscribers', 'Real, active subscribers from your niche'],
      ['Views', 'High-retention views that count towards watch time'],
    ],
    promise: 'guarantee',
  },
  {
    platform: 'Instagram',
    pitch: [
      'Build an Instagram presence that attracts followers, likes and comments from real people.',
      'Our campaigns put your posts and reels in front of audiences who match your brand.',
    ],
    offer: [
      ['Followers', 'Real followers interested in your content'],
      ['Engagement', 'Organic likes and comments on posts and reels'],
    ],
    promise: 'support',
  },
  {
    platform: 'X',
    pitch: [
      'Reach more people on X with followers, reposts and likes from real accounts.',
      'We amplify your posts to users who follow your topics, so your conversations gain momentum naturally.',
    ],
    offer: [
      ['Followers', 'Real accounts that follow your topics'],
      ['Reposts', 'Organic reposts and likes that widen your reach'],
    ],
    promise: 'noPassword',
  },
  {
    platform: 'Threads',
    pitch: [
      'Start strong on Threads with followers and replies from an engaged community.',
      'We introduce your profile to readers who enjoy your kind of posts, building a following that lasts.',
    ],
    offer: [
      ['Followers', 'Real followers who read and reply'],
      ['Engagement', 'Organic likes, replies and reposts'],
    ],
    promise: 'guarantee',
  },
  {
    platform: 'Telegram',
    pitch: [
      'Fill your Telegram channel or group with members who actually read your updates.',
      'We promote your invite link in relevant communities, so new members arrive for your content.',
    ],
    offer: [
      ['Members', 'Real members for channels and groups'],
      ['Post Views', 'Organic views on your latest posts'],
    ],
    promise: 'support',
  },
  {
    platform: 'LinkedIn',
    pitch: [
      'Strengthen your professional brand with LinkedIn followers and engagement from real professionals.',
      'We showcase your profile or company page to people in your industry, opening doors to new opportunities.',
    ],
    offer: [
      ['Followers', 'Real professionals from your industry'],
      ['Engagement', 'Organic reactions and comments on your posts'],
    ],
    promise: 'securePayment',
  },
  {
    platform: 'TikTok',
    pitch: [
      'Get your TikTok videos seen with real followers, views and likes from active viewers.',
      'We push your clips to audiences who love your style, giving the algorithm the signals it rewards.',
    ],
    offer: [
      ['Followers', 'Real followers who watch your videos'],
      ['Views', 'Organic views and likes on every clip'],
    ],
    promise: 'guarantee',
  },
  {
    platform: 'Facebook',
    pitch: [
      'Grow your Facebook page with real followers, likes and post engagement.',
      'We share your page with local and interest-based audiences, helping your business earn trust at a glance.',
    ],
    offer: [
      ['Page Likes', 'Real likes and followers for your page'],
      ['Engagement', 'Organic reactions, comments and shares'],
    ],
    promise: 'support',
  },
];

function serviceOf({ platform, pitch, offer, promise }: PlatformPitch): ServiceSeed {
  return {
    heading: platform,
    description: pitch.join(' '),
    logo: PLATFORM_LOGOS[platform.toLowerCase()],
    content: [...offer.map(([key, value]) => ({ key, value })), DELIVERY, PROMISES[promise]],
  };
}

export const SERVICE_SEEDS: ReadonlyArray<ServiceSeed> = PITCHES.map(serviceOf);
