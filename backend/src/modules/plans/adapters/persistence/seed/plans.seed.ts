/**
 * The plans of a first start: one per platform (name = platform, slug = lower-cased platform,
 * Active, USD), each with Starter / Growth / Pro tiers; the middle tier is the popular one.
 * Claims follow docs/product.md#what-the-shop-sells: real organic engagement, delivery within 24-48 hours, 30-day money-back
 * guarantee, 24/7 support, no password required.
 */
export interface PricingTierSeed {
  name: string;
  price: string;
  description: string;
  features: string[];
  isPopular: boolean;
}

export interface PlanSeed {
  platform: string;
  tiers: PricingTierSeed[];
}

interface PlatformOffer {
  platform: string;
  /** What the customer mainly buys, plural ("subscribers"). */
  unit: string;
  /** Secondary engagement included from Growth up ("views", "likes"). */
  extra: string;
  prices: [string, string, string];
  quantities: [number, number, number];
  extras: [number, number, number];
}

const OFFERS: PlatformOffer[] = [
  { platform: 'YouTube', unit: 'subscribers', extra: 'views', prices: ['19.99', '49.99', '99.99'], quantities: [250, 1000, 2500], extras: [1000, 5000, 15000] },
  { platform: 'Instagram', unit: 'followers', extra: 'likes', prices: ['14.99', '39.99', '79.99'], quantities: [500, 2000, 5000], extras: [500, 2500, 7500] },
  { platform: 'X', unit: 'followers', extra: 'likes and reposts', prices: ['12.99', '34.99', '69.99'], quantities: [250, 1000, 3000], extras: [500, 2000, 6000] },
  { platform: 'Threads', unit: 'followers', extra: 'likes', prices: ['9.99', '29.99', '59.99'], quantities: [250, 1000, 3000], extras: [500, 2000, 5000] },
  { platform: 'Telegram', unit: 'members', extra: 'post views', prices: ['11.99', '32.99', '64.99'], quantities: [500, 2000, 5000], extras: [2000, 10000, 30000] },
  { platform: 'LinkedIn', unit: 'followers', extra: 'post reactions', prices: ['24.99', '59.99', '119.99'], quantities: [200, 750, 2000], extras: [200, 1000, 3000] },
  { platform: 'TikTok', unit: 'followers', extra: 'views', prices: ['14.99', '39.99', '79.99'], quantities: [500, 2500, 7500], extras: [5000, 25000, 75000] },
  {
    platform: 'Facebook',
    unit: 'page followers',
    extra: 'post reactions',
    prices: ['12.99', '34.99', '69.99'],
    quantities: [300, 1200, 3500],
    extras: [300, 1500, 4500],
  },
];

const n = (value: number) => value.toLocaleString('en-US');

function tiersOf(offer: PlatformOffer): PricingTierSeed[] {
  const { platform, unit, extra, prices, quantities: q, extras: e } = offer;
  return [
    {
      name: 'Starter',
      price: prices[0],
      description: `A first boost for a new ${platform} account: ${n(q[0])} real ${unit} to build social proof.`,
      features: [`${n(q[0])} real ${unit}`, `${n(e[0])} organic ${extra}`, 'Delivery starts within 24-48 hours', 'No password required', '30-day money-back guarantee'],
      isPopular: false,
    },
    {
      name: 'Growth',
      price: prices[1],
      description: `Steady growth for active creators: ${n(q[1])} ${unit} and ${n(e[1])} ${extra}, delivered gradually.`,
      features: [
        `${n(q[1])} real ${unit}`,
        `${n(e[1])} organic ${extra}`,
        'Gradual, natural-looking delivery',
        'Delivery starts within 24-48 hours',
        '24/7 support',
        '30-day money-back guarantee',
      ],
      isPopular: true,
    },
    {
      name: 'Pro',
      price: prices[2],
      description: `For brands and businesses that want to lead on ${platform}: our largest package with priority care.`,
      features: [
        `${n(q[2])} real ${unit}`,
        `${n(e[2])} organic ${extra}`,
        'Audience targeted to your niche',
        'Priority delivery within 24 hours',
        'Dedicated account manager, 24/7',
        '30-day money-back guarantee',
      ],
      isPopular: false,
    },
  ];
}

export const PLAN_SEEDS: ReadonlyArray<PlanSeed> = OFFERS.map((offer) => ({
  platform: offer.platform,
  tiers: tiersOf(offer),
}));
