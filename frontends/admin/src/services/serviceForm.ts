import type { Service } from '@growth/kit';

/** One content row of the form; `uid` keys the row, `contentId` marks an item the server has. */
export interface ContentRow {
  uid: string;
  contentId?: string;
  key: string;
  value: string;
}

export interface ServiceDraft {
  heading: string;
  description: string;
  rows: ContentRow[];
}

/** The logo's limits (the server's too: PNG, JPEG or WebP by their bytes, at most 1 MiB). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_LOGO_BYTES = 1024 * 1024;
export const LOGO_TYPE_MESSAGE = 'The logo must be a PNG, JPEG or WebP image.';
export const LOGO_SIZE_MESSAGE = 'The logo must be at most 1 MiB.';

let nextUid = 0;
export function newRow(item?: { contentId?: string; key: string; value: string }): ContentRow {
  nextUid += 1;
  return { uid: `row-${nextUid}`, contentId: item?.contentId, key: item?.key ?? '', value: item?.value ?? '' };
}

export function draftOf(service: Service): ServiceDraft {
  const rows = service.serviceContent.map((item) => newRow(item));
  return { heading: service.serviceHeading, description: service.serviceDescription, rows: rows.length ? rows : [newRow()] };
}

/** Why a chosen file cannot be the logo, or null when it can. */
export function logoProblem(file: File): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return LOGO_TYPE_MESSAGE;
  if (file.size > MAX_LOGO_BYTES) return LOGO_SIZE_MESSAGE;
  return null;
}

export interface CheckedForm {
  serviceHeading: string;
  serviceDescription: string;
  serviceContent: { contentId?: string; key: string; value: string }[];
}

export type CheckResult = { ok: true; form: CheckedForm } | { ok: false; message: string; field: 'heading' | 'description' | 'content' };

/**
 * The form's rules (docs/product.md#validation): heading and description required; blank items dropped, at least one
 * left; an item with only a key or only a value is refused (the server's rule too).
 */
export function checkDraft(draft: ServiceDraft): CheckResult {
  const serviceHeading = draft.heading.trim();
  const serviceDescription = draft.description.trim();
  if (!serviceHeading || !serviceDescription) {
    return { ok: false, message: 'Heading and description are required.', field: serviceHeading ? 'description' : 'heading' };
  }
  const serviceContent: CheckedForm['serviceContent'] = [];
  for (const row of draft.rows) {
    const key = row.key.trim();
    const value = row.value.trim();
    if (!key && !value) continue;
    if (!key || !value) return { ok: false, message: 'Each content item needs both a key and a value.', field: 'content' };
    serviceContent.push(row.contentId ? { contentId: row.contentId, key, value } : { key, value });
  }
  if (serviceContent.length === 0) return { ok: false, message: 'At least one content item is required.', field: 'content' };
  return { ok: true, form: { serviceHeading, serviceDescription, serviceContent } };
}

/**
 * The body of /services/create or /services/update: multipart (serviceHeading, serviceDescription,
 * serviceContent as JSON text, logo) for a create or a new logo; an update without a new logo
 * sends plain fields (docs/product.md#api).
 */
export function requestBody(form: CheckedForm, serviceId: string | null, logo: File | null): FormData | Record<string, unknown> {
  if (serviceId && !logo) return { serviceId, ...form };
  const body = new FormData();
  if (serviceId) body.append('serviceId', serviceId);
  body.append('serviceHeading', form.serviceHeading);
  body.append('serviceDescription', form.serviceDescription);
  body.append('serviceContent', JSON.stringify(form.serviceContent));
  if (logo) body.append('logo', logo, logo.name);
  return body;
}
