import { AppError } from '../../../platform/errors/app-error';

/**
 * The admin's add/edit service form (docs/product.md#validation): heading and description required, at least one
 * non-blank content item, blank items dropped. Plain rules; the HTTP adapter has checked the types.
 */
export const SERVICE_LIMITS = {
  headingMax: 100,
  descriptionMax: 2000,
  itemsMax: 50,
  keyMax: 100,
  valueMax: 500,
} as const;

export const HEADING_AND_DESCRIPTION_REQUIRED = 'Heading and description are required.';
export const CONTENT_ITEM_REQUIRED = 'At least one content item is required.';

export interface ContentItemInput {
  /** An existing item of the service (update); absent for a new item. */
  contentId?: string;
  key: string;
  value: string;
}

export interface ServiceFormInput {
  serviceHeading?: string;
  serviceDescription?: string;
  serviceContent?: ContentItemInput[];
}

/** A checked form: trimmed texts, the kept content items in the order sent. */
export interface ServiceForm {
  heading: string;
  description: string;
  content: ContentItemInput[];
}

/**
 * Checks and cleans the form. Texts are trimmed; an item whose key and value are both blank is
 * dropped; an item with only one of them is refused rather than silently lost.
 */
export function serviceFormOf(input: ServiceFormInput): ServiceForm {
  const heading = (input.serviceHeading ?? '').trim();
  const description = (input.serviceDescription ?? '').trim();
  if (!heading || !description) throw new AppError('invalid', HEADING_AND_DESCRIPTION_REQUIRED, 'heading_and_description_required');
  if (heading.length > SERVICE_LIMITS.headingMax) {
    throw new AppError('invalid', `serviceHeading must be at most ${SERVICE_LIMITS.headingMax} characters`, 'invalid');
  }
  if (description.length > SERVICE_LIMITS.descriptionMax) {
    throw new AppError('invalid', `serviceDescription must be at most ${SERVICE_LIMITS.descriptionMax} characters`, 'invalid');
  }
  const content: ContentItemInput[] = [];
  for (const item of input.serviceContent ?? []) {
    const key = item.key.trim();
    const value = item.value.trim();
    if (!key && !value) continue;
    if (!key || !value) throw new AppError('invalid', 'Each content item needs both a key and a value.', 'content_item_incomplete');
    if (key.length > SERVICE_LIMITS.keyMax) {
      throw new AppError('invalid', `A content item's key must be at most ${SERVICE_LIMITS.keyMax} characters.`, 'invalid');
    }
    if (value.length > SERVICE_LIMITS.valueMax) {
      throw new AppError('invalid', `A content item's value must be at most ${SERVICE_LIMITS.valueMax} characters.`, 'invalid');
    }
    content.push(item.contentId ? { contentId: item.contentId, key, value } : { key, value });
  }
  if (content.length === 0) throw new AppError('invalid', CONTENT_ITEM_REQUIRED, 'content_item_required');
  if (content.length > SERVICE_LIMITS.itemsMax) {
    throw new AppError('invalid', `A service can have at most ${SERVICE_LIMITS.itemsMax} content items.`, 'invalid');
  }
  const ids = content.flatMap((item) => (item.contentId ? [item.contentId] : []));
  if (new Set(ids).size !== ids.length) throw new AppError('invalid', 'A content item is listed twice.', 'content_item_repeated');
  return { heading, description, content };
}
