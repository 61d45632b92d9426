/**
 * A message sent from the Contact page (docs/product.md#catalogue, docs/product.md#validation). Plain data and the rules
 * of its fields; the HTTP adapter checks them, the database backs the enumerations with checks.
 */
export const SERVICE_TYPES = ['growth', 'management', 'consultation'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** The contact form's platform list, verbatim from docs/product.md#what-the-shop-sells (it differs from the pricing pages'). */
export const CONTACT_PLATFORMS = ['YouTube', 'Instagram', 'LinkedIn', 'Twitter', 'TikTok', 'Spotify'] as const;
export type ContactPlatform = (typeof CONTACT_PLATFORMS)[number];

export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 5000,
} as const;

export interface NewContactRequest {
  name: string;
  email: string;
  serviceType: ServiceType;
  platform: ContactPlatform;
  message: string;
}

export interface ContactRequest extends NewContactRequest {
  id: string;
  createdAt: Date;
  handledAt: Date | null;
}

/** What the visitor reads after sending the form. */
export const CONTACT_THANKS = "Thanks for reaching out! We'll get back to you within 24 hours.";

const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  growth: 'Growth',
  management: 'Management',
  consultation: 'Consultation',
};

/** The notification to the support inbox: every field, in plain text, ready to reply to. */
export function supportNotification(request: ContactRequest): { subject: string; text: string } {
  const label = SERVICE_TYPE_LABELS[request.serviceType];
  return {
    subject: `Contact request: ${label} on ${request.platform} from ${request.name}`,
    text: [
      'A new contact request arrived from the Contact page.',
      '',
      `Name:         ${request.name}`,
      `E-mail:       ${request.email}`,
      `Service type: ${label} (${request.serviceType})`,
      `Platform:     ${request.platform}`,
      `Received:     ${request.createdAt.toISOString()}`,
      `Request id:   ${request.id}`,
      '',
      'Message:',
      request.message,
      '',
      '---',
      `Reply to this e-mail to answer ${request.name} directly. We promise an answer within 24 hours.`,
    ].join('\n'),
  };
}
