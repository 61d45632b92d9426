/** The admin sidebar's links, in the order the shop's staff use them: Overview (the landing page, docs/reports.md), Services (dashboard), Clients, Plans, Tasks, Refunds (docs/refunds.md), Audit log, Documents, Settings. */
export interface AdminNavLink {
  href: string;
  label: string;
  /** Other paths that belong to this entry (marked aria-current="true" there). */
  section?: RegExp;
}

export const MAIN_LINKS: readonly AdminNavLink[] = [
  { href: '/admin/overview', label: 'Overview' },
  { href: '/admin/dashboard', label: 'Services', section: /^\/admin\/add-editService$/ },
  { href: '/admin/client', label: 'Clients', section: /^\/admin\/user-services\// },
  { href: '/admin/plan', label: 'Plans', section: /^\/admin\/edit-plan\// },
  { href: '/admin/tasks', label: 'Tasks' },
  { href: '/admin/refunds', label: 'Refunds' },
  { href: '/admin/audit', label: 'Audit log' },
];

/** The six documents under /admin/document/{slug}. */
export const DOCUMENT_LINKS: readonly AdminNavLink[] = [
  { href: '/admin/document/faqs', label: 'FAQs' },
  { href: '/admin/document/terms-of-use', label: 'Terms of Use' },
  { href: '/admin/document/shipping-delivery', label: 'Shipping & Delivery' },
  { href: '/admin/document/privacy-policy', label: 'Privacy Policy' },
  { href: '/admin/document/returns-policy', label: 'Returns Policy' },
  { href: '/admin/document/cookie-policy', label: 'Cookie Policy' },
];

export const SETTINGS_LINK: AdminNavLink = { href: '/admin/settings', label: 'Settings' };

/** aria-current of a link: 'page' on its own path, 'true' on a page of its section. */
export function currentOf(link: AdminNavLink, path: string): 'page' | 'true' | undefined {
  if (path === link.href) return 'page';
  if (link.section?.test(path)) return 'true';
  return undefined;
}
