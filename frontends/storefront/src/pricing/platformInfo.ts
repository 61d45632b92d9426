/** What the info block of a pricing page says about each of the eight platforms (docs/product.md#what-the-shop-sells). */
export interface PlatformInfo {
  title: string;
  description: string;
  features: string[];
}

export const PLATFORM_INFO: Record<string, PlatformInfo> = {
  youtube: {
    title: 'YouTube Growth Services',
    description: 'Grow your channel with real subscribers, views and likes from viewers who care about your niche, and reach monetisation sooner.',
    features: ['Real, active subscribers', 'High-retention views', 'Organic likes and comments', 'Safe for your channel'],
  },
  instagram: {
    title: 'Instagram Growth Services',
    description: 'Followers, likes and comments from real people who match your brand, on your posts and reels.',
    features: ['Real followers in your niche', 'Likes on posts and reels', 'Profile visits that convert', 'No password required'],
  },
  x: {
    title: 'X Growth Services',
    description: 'Followers, reposts and likes from real accounts that follow your topics, so your conversations gain momentum.',
    features: ['Real followers', 'Organic reposts and likes', 'Topic-targeted reach', 'Gradual, natural delivery'],
  },
  threads: {
    title: 'Threads Growth Services',
    description: 'Start strong on Threads with followers and replies from an engaged community.',
    features: ['Real followers', 'Likes and replies', 'Audience from your interests', 'Fast 24-48 hour start'],
  },
  telegram: {
    title: 'Telegram Growth Services',
    description: 'Members and post views for your channel or group, from real users who read what you publish.',
    features: ['Real channel members', 'Post views', 'Targeted by language and topic', 'Steady delivery'],
  },
  linkedin: {
    title: 'LinkedIn Growth Services',
    description: 'Followers and post reactions from professionals in your industry, for your profile or company page.',
    features: ['Followers from your industry', 'Post reactions', 'Company pages and profiles', 'Brand-safe growth'],
  },
  tiktok: {
    title: 'TikTok Growth Services',
    description: 'Followers and views from real TikTok users, so your videos land on more For You pages.',
    features: ['Real followers', 'Views from your audience', 'Likes that boost reach', 'Safe for your account'],
  },
  facebook: {
    title: 'Facebook Growth Services',
    description: 'Page followers and post reactions from real people near you or around the world.',
    features: ['Real page followers', 'Post reactions', 'Local or global targeting', 'No admin access needed'],
  },
};

/** Unknown platforms get a generic title and no features (docs/product.md#screens-and-routes). */
export const GENERIC_PLATFORM_INFO: PlatformInfo = {
  title: 'Social Media Growth Services',
  description: 'Real, organic engagement from real users, delivered within 24-48 hours.',
  features: [],
};
