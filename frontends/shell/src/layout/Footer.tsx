import { Link } from 'wouter';
import { Logo, PLATFORMS } from '@growth/kit';

/** Social links with our own small glyphs (24×24, drawn in currentColor; nothing fetched). */
const SOCIAL_LINKS = [
  {
    href: 'https://www.youtube.com/',
    label: 'YouTube',
    glyph: 'M3 7.5A3.5 3.5 0 016.5 4h11A3.5 3.5 0 0121 7.5v9a3.5 3.5 0 01-3.5 3.5h-11A3.5 3.5 0 013 16.5v-9zM10 9v6l5-3-5-3z',
  },
  {
    href: 'https://www.instagram.com/',
    label: 'Instagram',
    glyph:
      'M7.5 3h9A4.5 4.5 0 0121 7.5v9a4.5 4.5 0 01-4.5 4.5h-9A4.5 4.5 0 013 16.5v-9A4.5 4.5 0 017.5 3zm4.5 5a4 4 0 100 8 4 4 0 000-8zm5.2-2.2a1 1 0 100 2 1 1 0 000-2z',
  },
  { href: 'https://x.com/', label: 'X', glyph: 'M4 4h4.5l11.5 16h-4.5L4 4zM18.2 4H20l-6.6 7.4-.9-1.3L18.2 4zM4 20l6.6-7.4.9 1.3L5.8 20H4z' },
  {
    href: 'https://www.linkedin.com/',
    label: 'LinkedIn',
    glyph:
      'M4 9h3.5v11H4V9zm1.75-5.5a2 2 0 110 4 2 2 0 010-4zM10 9h3.3v1.6c.6-1 1.8-1.9 3.6-1.9 3 0 3.6 2 3.6 4.6V20H17v-5.8c0-1.4-.1-2.7-1.7-2.7s-1.9 1.2-1.9 2.6V20H10V9z',
  },
  {
    href: 'https://www.facebook.com/',
    label: 'Facebook',
    glyph: 'M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z',
  },
] as const;

const COMPANY_LINKS = [
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/faq', label: 'FAQ' },
] as const;

const LEGAL_LINKS = [
  { href: '/terms', label: 'Terms' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/refund', label: 'Refund' },
  { href: '/shipping-delivery', label: 'Shipping & Delivery' },
  { href: '/cookie-policy', label: 'Cookie Policy' },
] as const;

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p>Real, organic engagement from real users, delivered within 24-48 hours.</p>
          <ul className="social-links" aria-label="Social media">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.href}>
                <a href={social.href} target="_blank" rel="noopener noreferrer" aria-label={social.label}>
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                    <path d={social.glyph} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav className="site-footer__column" aria-label="Services">
          <h2>Services</h2>
          <ul>
            {PLATFORMS.map((platform) => (
              <li key={platform.slug}>
                <Link href={`/services/${platform.slug}`}>{platform.name}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav className="site-footer__column" aria-label="Company">
          <h2>Company</h2>
          <ul>
            {COMPANY_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav className="site-footer__column" aria-label="Legal">
          <h2>Legal</h2>
          <ul>
            {LEGAL_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="site-footer__copyright">© {new Date().getFullYear()} SocialGrowth. All rights reserved.</p>
    </footer>
  );
}
