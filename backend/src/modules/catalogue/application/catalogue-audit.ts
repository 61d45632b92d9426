import type { StoredDocument } from '../domain/document';
import type { Service } from '../domain/service';

/**
 * Small snapshots for the audit log's before/after: what an admin reads to see what changed,
 * without the logo's bytes or whole documents.
 */
export function serviceSnapshot(service: Service): Record<string, unknown> {
  return {
    serviceHeading: service.serviceHeading,
    serviceDescription: cut(service.serviceDescription, 200),
    serviceContent: service.content.map((item) => cut(`${item.key}: ${item.value}`, 80)),
    logo: logoSummary(service.logo),
  };
}

export function documentSnapshot(document: Pick<StoredDocument, 'title' | 'lastUpdated' | 'sections'>): Record<string, unknown> {
  return {
    title: document.title,
    lastUpdated: document.lastUpdated,
    sections: document.sections.map((section) => section.heading),
  };
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function logoSummary(logo: string | null): string | null {
  if (!logo) return null;
  const base64 = logo.startsWith('data:') ? logo.slice(logo.indexOf(',') + 1) : logo;
  const type = logo.startsWith('data:image/webp') ? 'WebP' : base64.startsWith('/9j/') ? 'JPEG' : 'PNG';
  return `${type} image, ${Math.floor((base64.length * 3) / 4)} bytes`;
}
