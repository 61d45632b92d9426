import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Logo, useAuth } from '@growth/kit';
import { ACCOUNT_LINKS, AccountMenu, ProfileIcon } from './AccountMenu';

const NAV_LINKS = [
  { href: '/services', label: 'Services' },
  { href: '/about', label: 'About Us' },
  { href: '/contact', label: 'Contact Us' },
] as const;

const MOBILE_MENU_ID = 'mobile-menu';

/**
 * Public header: logo, Services, About Us, Contact Us, and the session's place: signed out the
 * profile button (to /login) and Sign In; signed in the account menu (My orders, Profile, Logout)
 * in place of the profile button and a bare Logout. The slide-in menu on phones carries the same
 * account entries.
 */
export function Header() {
  const [location, navigate] = useLocation();
  const { isAuthenticated, user, logout } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuPanel = useRef<HTMLDivElement>(null);

  // The mobile menu closes on route change…
  useEffect(() => setMenuOpen(false), [location]);

  // While open, keyboard focus stays in the menu and its button (Tab and Shift+Tab wrap around);
  // Escape closes it and hands focus back to the button.
  useEffect(() => {
    if (!menuOpen) return;
    menuPanel.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
        return;
      }
      if (event.key !== 'Tab' || !menuButton.current || !menuPanel.current) return;
      const stops = [menuButton.current, ...menuPanel.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const next = at < 0 ? 0 : (at + (event.shiftKey ? stops.length - 1 : 1)) % stops.length;
      event.preventDefault();
      stops[next].focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const handleLogout = () => {
    logout();
    setMenuOpen(false);
    navigate('/');
  };

  const isCurrent = (href: string) => (location === href ? 'page' : undefined);

  const links = NAV_LINKS.map((link) => (
    <Link key={link.href} href={link.href} className="nav__link" aria-current={isCurrent(link.href)}>
      {link.label}
    </Link>
  ));

  const signIn = (
    <Link href="/login" className="button button--primary">
      Sign In
    </Link>
  );

  const headerSession = isAuthenticated ? (
    <AccountMenu user={user} onLogout={handleLogout} />
  ) : (
    <>
      <Link href="/login" className="profile-button" title="Profile" aria-label="Profile">
        <ProfileIcon />
      </Link>
      <span className="site-header__session">{signIn}</span>
    </>
  );

  const mobileSession = isAuthenticated ? (
    <div className="mobile-menu__account">
      {/* Whose account: the name once the session knows it, else the e-mail it was opened with. */}
      <p className="mobile-menu__account-name">{user?.name?.trim() || user?.email}</p>
      <nav className="nav nav--mobile" aria-label="Account">
        {ACCOUNT_LINKS.map((link) => (
          <Link key={link.href} href={link.href} className="nav__link" aria-current={isCurrent(link.href)}>
            {link.label}
          </Link>
        ))}
      </nav>
      <button type="button" className="button button--ghost" onClick={handleLogout}>
        Logout
      </button>
    </div>
  ) : (
    signIn
  );

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Logo />
        <nav className="nav nav--desktop" aria-label="Main">
          {links}
        </nav>
        <div className="site-header__actions">
          {headerSession}
          <button
            ref={menuButton}
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="menu-button__bars" aria-hidden="true" />
          </button>
        </div>
      </div>

      {/* The layer clips the off-screen panel, so a closed menu never widens the page. */}
      <div className={`mobile-layer${menuOpen ? ' is-open' : ''}`}>
        <div className="mobile-menu__backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />
        <div ref={menuPanel} id={MOBILE_MENU_ID} className="mobile-menu" role="dialog" aria-modal={menuOpen || undefined} aria-label="Menu" inert={!menuOpen}>
          <nav className="nav nav--mobile" aria-label="Mobile">
            {links}
          </nav>
          <div className="mobile-menu__session">{mobileSession}</div>
        </div>
      </div>
    </header>
  );
}
