import type { AuditEntry } from '@growth/kit';

/** A piece of a sentence: text, or text that links to what was touched. */
export interface SentencePart {
  text: string;
  href?: string;
  /** Ids and codes are shown in a monospace face. */
  code?: boolean;
}

/** The kinds of action the log's filter offers (the part of the action before its first dot). */
export const AUDIT_KIND_OPTIONS = [
  { value: 'subscription', label: 'Order status' },
  { value: 'fulfilment', label: 'Provider orders' },
  { value: 'refund', label: 'Refunds' },
  { value: 'refund_request', label: 'Refund requests' },
  { value: 'service', label: 'Services' },
  { value: 'plan', label: 'Plans' },
  { value: 'pricing', label: 'Plan tiers' },
  { value: 'document', label: 'Documents' },
  { value: 'user', label: 'Customers' },
  { value: 'admin', label: 'Admin accounts' },
  { value: 'export', label: 'CSV exports' },
] as const;

const STATUS_TEXT: Record<string, string> = { '0': 'In Process', '1': 'Completed', '2': 'Partial', '3': 'Canceled', '4': 'Refunded' };

const DOCUMENT_TITLES: Record<string, string> = {
  faqs: 'FAQs',
  'terms-of-use': 'Terms of Use',
  'shipping-delivery': 'Shipping & Delivery',
  'privacy-policy': 'Privacy Policy',
  'returns-policy': 'Returns Policy',
  'cookie-policy': 'Cookie Policy',
};

const text = (value: string): SentencePart => ({ text: value });
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null);

/** A long id cut for reading ('3f2a1c2e…'); the full one stays in the link and the title. */
export function shortId(id: string): string {
  return id.length > 14 ? `${id.slice(0, 12)}…` : id;
}

/** Who did it: 'asha@shop.example (admin)'; an admin removed since is 'A removed admin'. */
export function actorOf(entry: AuditEntry): string {
  return entry.adminEmail ? `${entry.adminEmail} (admin)` : 'A removed admin';
}

/** 'order order_Np0f… of ben@example.com', each part a link: the order to the task list searched for it, the customer to their services. */
function orderParts(entry: AuditEntry): SentencePart[] {
  const subject = entry.subject;
  const orderId = subject?.orderId;
  const parts: SentencePart[] = orderId
    ? [text('order '), { text: shortId(orderId), href: `/admin/tasks?q=${encodeURIComponent(orderId)}`, code: true }]
    : [text('subscription '), { text: shortId(entry.entityId ?? '—'), code: true }];
  if (subject?.customerEmail) {
    parts.push(
      text(' of '),
      subject.userId ? { text: subject.customerEmail, href: `/admin/user-services/${encodeURIComponent(subject.userId)}` } : text(subject.customerEmail),
    );
  }
  return parts;
}

function planLink(entry: AuditEntry, fallback: string | null): SentencePart {
  const label = entry.subject?.label ?? fallback ?? shortId(entry.entityId ?? '—');
  const planId = entry.subject?.planId ?? (entry.entity === 'plan' ? entry.entityId : null);
  return planId && entry.action !== 'plan.delete' ? { text: label, href: `/admin/edit-plan/${encodeURIComponent(planId)}` } : text(label);
}

function serviceLink(entry: AuditEntry, fallback: string | null): SentencePart {
  const label = entry.subject?.label ?? fallback ?? shortId(entry.entityId ?? '—');
  return entry.subject && entry.entityId ? { text: label, href: `/admin/add-editService?serviceId=${encodeURIComponent(entry.entityId)}` } : text(label);
}

const EXPORTED: Record<string, string> = { 'export.orders': 'the orders made', 'export.customers': 'the customers registered' };

/**
 * 'exported the orders made 2026-01-01 to 2026-01-31 (Asia/Kolkata), payment status paid, platform
 * youtube, matching “ann”: 2,503 rows'. A stopped or failed export 'began exporting …' and claims no
 * rows (docs/reports.md, "Who exported what").
 */
function exportParts(entry: AuditEntry, after: Record<string, unknown>): SentencePart[] {
  const tz = str(after.tz);
  const filters = [
    str(after.status) ? `payment status ${str(after.status)}` : null,
    str(after.platform) ? `platform ${str(after.platform)}` : null,
    str(after.q) ? `matching “${str(after.q)}”` : null,
  ].filter(Boolean);
  const rows = typeof after.rows === 'number' ? after.rows : null;
  const what =
    `${EXPORTED[entry.action]} ${str(after.from) ?? '—'} to ${str(after.to) ?? '—'}${tz && tz !== 'UTC' ? ` (${tz})` : ''}` + filters.map((f) => `, ${f}`).join('');
  if (after.outcome === 'complete' && rows !== null) return [text(`exported ${what}: ${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`)];
  const end = after.outcome === 'failed' ? 'the export failed' : 'the download stopped';
  return [text(`began exporting ${what}; ${end} before the end (no row count)`)];
}

/**
 * The entry as a sentence after its actor: 'marked order order_Np0f… of ben@example.com
 * Completed'. Built from the action, the stored before/after and the subject the server named
 * (docs/reports.md, "Screens"); an action it does not know reads 'did <action> on <entity> <id>'.
 */
export function sentenceOf(entry: AuditEntry): SentencePart[] {
  const before = record(entry.before);
  const after = record(entry.after);
  switch (entry.action) {
    case 'subscription.status': {
      const status = STATUS_TEXT[String(after.Status)] ?? `status ${String(after.Status ?? '—')}`;
      return [text('marked '), ...orderParts(entry), text(` ${status}`)];
    }
    case 'fulfilment.link':
      return [text('linked '), ...orderParts(entry), text(' to panel order '), { text: str(after.upstreamOrderId) ?? '—', code: true }];
    case 'fulfilment.retry':
      return [text('placed '), ...orderParts(entry), text(' with the provider again')];
    case 'fulfilment.cancel':
      return [text('cancelled the provider order of '), ...orderParts(entry)];
    case 'fulfilment.refill':
      return [text('asked the provider to refill '), ...orderParts(entry)];
    case 'fulfilment.mapping':
      return entry.after === null || entry.after === undefined
        ? [text('removed the provider service of tier '), planLink(entry, str(before.name))]
        : [text('mapped tier '), planLink(entry, str(after.name)), text(' to a provider service')];
    case 'refund.create':
      return [text(`refunded ${[str(after.amount), str(after.currency)].filter(Boolean).join(' ') || 'part'} of `), ...orderParts(entry)];
    case 'refund_request.approve':
      return [
        text('approved the refund request of '),
        ...orderParts(entry),
        ...(str(after.amount) ? [text(` (${str(after.amount)} ${str(after.currency) ?? ''})`.replace(' )', ')'))] : []),
      ];
    case 'refund_request.decline':
      return [text('declined the refund request of '), ...orderParts(entry)];
    case 'service.create':
      return [text('added the service '), serviceLink(entry, str(after.serviceHeading))];
    case 'service.update':
      return [text('edited the service '), serviceLink(entry, str(after.serviceHeading) ?? str(before.serviceHeading))];
    case 'service.delete':
      return [text('deleted the service '), text(str(before.serviceHeading) ?? shortId(entry.entityId ?? '—'))];
    case 'service.content.delete':
      return [text(`removed the line “${str(before.key) ?? '—'}” from the service `), serviceLink(entry, null)];
    case 'plan.create':
      return [text('added the plan '), planLink(entry, str(after.name))];
    case 'plan.update':
      return [text('edited the plan '), planLink(entry, str(after.name) ?? str(before.name))];
    case 'plan.delete':
      return [text('deleted the plan '), text(str(before.name) ?? shortId(entry.entityId ?? '—'))];
    case 'pricing.delete': {
      const plan = str(before.plan);
      const planId = str(before.planId);
      return [
        text(`deleted the tier ${str(before.name) ?? '—'} of the plan `),
        planId ? { text: plan ?? shortId(planId), href: `/admin/edit-plan/${encodeURIComponent(planId)}` } : text(plan ?? '—'),
      ];
    }
    case 'document.save': {
      const slug = entry.entityId ?? '';
      return [text('saved the document '), { text: DOCUMENT_TITLES[slug] ?? str(after.title) ?? slug, href: `/admin/document/${encodeURIComponent(slug)}` }];
    }
    case 'user.update': {
      const subject = entry.subject;
      const who = subject?.customerEmail ?? shortId(entry.entityId ?? '—');
      return [text('edited the profile of '), subject?.userId ? { text: who, href: `/admin/user-services/${encodeURIComponent(subject.userId)}` } : text(who)];
    }
    case 'admin.password.update':
      return [text('changed their password')];
    case 'admin.password.reset':
      return [text('reset their password with a mailed code')];
    case 'admin.email.update':
      return [text(`changed their e-mail address from ${str(before.email) ?? '—'} to ${str(after.email) ?? '—'}`)];
    case 'admin.email.stop':
      return [text('stopped a change of their e-mail address')];
    case 'export.orders':
    case 'export.customers':
      return exportParts(entry, after);
    default:
      return [text(`did ${entry.action || 'something'} on ${entry.entity || 'a record'} `), { text: shortId(entry.entityId ?? '—'), code: true }];
  }
}

/** The sentence as plain text (the card's accessible name, the specs). */
export function sentenceText(entry: AuditEntry): string {
  return `${actorOf(entry)} ${sentenceOf(entry)
    .map((part) => part.text)
    .join('')}`;
}

const FIELD_LABELS: Record<string, string> = {
  Status: 'Status',
  state: 'State',
  note: 'Note',
  upstreamOrderId: 'Panel order',
  upstreamStatus: 'Provider status',
  refillId: 'Refill',
  reviewRefillId: 'Refill under review',
  refundId: 'Refund',
  requestId: 'Request',
  amount: 'Amount',
  currency: 'Currency',
  reason: 'Reason',
  message: 'Message',
  name: 'Name',
  phone: 'Phone',
  email: 'E-mail',
  passwordChanged: 'Password changed',
  slug: 'Slug',
  platform: 'Platform',
  status: 'Status',
  pricing: 'Tiers',
  price: 'Price',
  isPopular: 'Most Popular',
  plan: 'Plan',
  planId: 'Plan id',
  serviceHeading: 'Heading',
  serviceDescription: 'Description',
  serviceContent: 'Content',
  logo: 'Logo',
  key: 'Key',
  value: 'Value',
  contentId: 'Content id',
  title: 'Title',
  lastUpdated: 'Last updated',
  sections: 'Sections',
  serviceId: 'Provider service',
  serviceName: 'Provider service name',
  quantity: 'Quantity',
  refillDays: 'Refill guarantee (days)',
  omitted: 'Too large to keep',
  from: 'From',
  to: 'To',
  tz: 'Time zone',
  q: 'Matching',
  outcome: 'Outcome',
  rows: 'Rows',
};

/** A field's label: known ones in staff's words, others from their camelCase ('upstreamCharge' → 'Upstream charge'). */
export function fieldLabel(key: string): string {
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored value in words: a status by name, yes/no, lists joined, nested fields as 'label: value'. */
export function fieldValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'Status' && STATUS_TEXT[String(value)]) return STATUS_TEXT[String(value)];
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => fieldValue('', item)).join('; ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldLabel(k)}: ${fieldValue(k, v)}`)
      .join(', ');
  }
  return String(value);
}

export interface ChangeRow {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

/** Before and after, field by field (the union of their keys, in the order they were stored); null where a side has none. */
export function changeRows(entry: AuditEntry): ChangeRow[] {
  const before = entry.before && typeof entry.before === 'object' ? record(entry.before) : null;
  const after = entry.after && typeof entry.after === 'object' ? record(entry.after) : null;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => {
    const b = before ? fieldValue(key, before[key]) : null;
    const a = after ? fieldValue(key, after[key]) : null;
    return { key, label: fieldLabel(key), before: b, after: a, changed: b !== a };
  });
}
