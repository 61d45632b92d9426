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

export const SERVICE_SEEDS: ReadonlyArray<ServiceSeed> = [
  {
    heading: 'YouTube',
    description:
      'Grow your channel with real subscribers, views and likes from viewers who care about your niche. ' +
      'We promote your videos through organic placements, so the watch time and engagement you gain are genuine.',
    logo: PLATFORM_LOGOS.youtube,
    content: [
      { key: 'Subscribers', value: 'Real, active subscribers from your niche' },
      { key: 'Views', value: 'High-retention views that count towards watch time' },
      { key: 'Delivery', value: 'Starts within 24-48 hours' },
      { key: 'Guarantee', value: '30-day money-back guarantee' },
    ],
  },
  {
    heading: 'Instagram',
    description:
      'Build an Instagram presence that attracts followers, likes and comments from real people. ' +
      'Our campaigns put your posts and reels in front of audiences who match your brand.',
    logo: PLATFORM_LOGOS.instagram,
    content: [
      { key: 'Followers', value: 'Real followers interested in your content' },
      { key: 'Engagement', value: 'Organic likes and comments on posts and reels' },
      { key: 'Delivery', value: 'Starts within 24-48 hours' },
      { key: 'Support', value: '24/7 support from our growth team' },
    ],
  },
  {
    heading: 'X',
    description:
      'Reach more people on X with followers, reposts and likes from real accounts. ' +
      'We amplify your posts to users who follow your topics, so your conversations gain momentum naturally.',
    logo: PLATFORM_LOGOS.x,
    content: [
      { key: 'Followers', value: 'Real accounts that follow your topics' },
      { key: 'Reposts', value: 'Organic reposts and likes that widen your reach' },
      { key: 'Delivery', value: 'Starts within 24-48 hours' },
      { key: 'Safety', value: 'No password required, ever' },
    ],
  },
  {
    heading: 'Threads',
    description:
      'Start strong on Threads with followers and replies from an engaged community. ' +
      'We introduce your profile to readers who enjoy your kind of posts, building a following that lasts.',
    logo: PLATFORM_LOGOS.threads,
    content: [
      { key: 'Followers', value: 'Real followers who read and reply' },
      { key: 'Engagement', value: 'Organic likes, replies and reposts' },
      { key: 'Delivery', value: 'Starts within 24-48 hours' },
      { key: 'Guarantee', value: '30-day money-back guarantee' },
    ],
  },
  {
    heading: 'Telegram',
    description:
      'Fill your Telegram channel or group with members who actually read your updates. ' +
      'We promote your invite link in relevant communities, so new members arrive for your content.',
    logo: PLATFORM_LOGOS.telegram,
    content: [
      { key: 'Members', value: 'Real members for channels and groups' },
      { key: 'Post Views', value: 'Organic views on your latest posts' },
      { key: 'Delivery', value: 'Starts within 24-48 hours' },
      { key: 'Support', value: '24/7 support from our growth team' },
    ],
  },
  {
    heading: 'LinkedIn',
    description:
      'Strengthen your professional brand with LinkedIn followers and engagement from real professionals. ' +
      'We showcase your profile or company page to people in your industry, opening doors to new opportunities.',
    logo: PLATFORM_LOGOS.linkedin,
    content: [
      { key: 'Followers', value: 'Real professionals from your industry' },
      { key: 'Engagement', value: 'Organic reactions and comments on your posts' },
      { key: 'Delivery', value: 'Starts within 24-48 hours' },
      { key: 'Safety', value: 'Secure, encrypted payment with no password required' },
    ],
  },
  {
    heading: 'TikTok',
    description:
      'Get your TikTok videos seen with real followers, views and likes from active viewers. ' +
      'We push your clips to audiences who love your style, giving the algorithm the signals it rewards.',
    logo: PLATFORM_LOGOS.tiktok,
    content: [
      { key: 'Followers', value: 'Real followers who watch your videos' },
      { key: 'Views', value: 'Organic views and likes on every clip' },
      { key: 'Delivery', value: 'Starts within 24-48 hours' },
      { key: 'Guarantee', value: '30-day money-back guarantee' },
    ],
  },
  {
    heading: 'Facebook',
    description:
      'Grow your Facebook page with real followers, likes and post engagement. ' +
      'We share your page with local and interest-based audiences, helping your business earn trust at a glance.',
    logo: PLATFORM_LOGOS.facebook,
    content: [
      { key: 'Page Likes', value: 'Real likes and followers for your page' },
      { key: 'Engagement', value: 'Organic reactions, comments and shares' },
      { key: 'Delivery', value: 'Starts within 24-48 hours' },
      { key: 'Support', value: '24/7 support from our growth team' },
    ],
  },
];
