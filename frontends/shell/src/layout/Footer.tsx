import { Link } from 'wouter';
import { Logo, PLATFORMS } from '@growth/kit';

const SOCIAL_LINKS = [
  { href: 'https://www.youtube.com/', label: 'YouTube', short: 'YT' },
  { href: 'https://www.instagram.com/', label: 'Instagram', short: 'IG' },
  { href: 'https://x.com/', label: 'X', short: 'X' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', short: 'in' },
  { href: 'https://www.facebook.com/', label: 'Facebook', short: 'f' },
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
                  <span aria-hidden="true">{social.short}</span>
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
