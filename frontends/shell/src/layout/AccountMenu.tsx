import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { displayName, type SessionUser } from '@growth/kit';

/** Where a signed-in customer goes from the header (docs/product.md#screens-and-routes): their orders first. */
export const ACCOUNT_LINKS = [
  { href: '/services/active', label: 'My orders' },
  { href: '/profile', label: 'Profile' },
] as const;

/** The button's words: the customer's first name when the session knows it, else 'Account'. */
export function accountLabel(user: Pick<SessionUser, 'name'> | null | undefined): string {
  return user?.name?.trim().split(/\s+/)[0] || 'Account';
}

export function ProfileIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" />
    </svg>
  );
}

interface AccountMenuProps {
  user: SessionUser | null;
  onLogout(): void;
}

/**
 * The signed-in customer's account menu in the header: a labelled button (menu button pattern of
 * the WAI-ARIA Authoring Practices) opening My orders, Profile and Logout. Enter, Space and the
 * arrow keys open it and move between the entries, Home and End jump, Escape closes it and hands
 * focus back to the button, Tab and a click outside close it. Reads nothing from the browser while
 * rendering: the header is server-rendered (docs/architecture.md#server-rendering).
 */
export function AccountMenu({ user, onLogout }: AccountMenuProps) {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  // Which entry takes focus when the menu opens: the first, or the last after ArrowUp.
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  // A followed link (or any route change) closes the menu.
  useEffect(() => setOpen(false), [location]);

  useEffect(() => {
    if (!open) return;
    const entries = items();
    (focusOnOpen === 'last' ? entries.at(-1) : entries[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, focusOnOpen]);

  const openWith = (focus: 'first' | 'last') => {
    setFocusOnOpen(focus);
    setOpen(true);
  };

  const onButtonKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space reach onClick as the button's own activation.
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const entries = items();
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      entries[(index + entries.length) % entries.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return moveTo(at + 1);
      case 'ArrowUp':
        return moveTo(at - 1);
      case 'Home':
        return moveTo(0);
      case 'End':
        return moveTo(entries.length - 1);
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        // Focus moves on to the next stop of the page; the menu does not stay open behind it.
        return setOpen(false);
      case ' ':
        // Space follows a link entry as Enter does (a button entry activates by itself).
        if (document.activeElement instanceof HTMLAnchorElement) {
          event.preventDefault();
          document.activeElement.click();
        }
        return;
      default:
        return;
    }
  };

  const label = accountLabel(user);

  return (
    <div ref={root} className="account-menu">
      <button
        ref={button}
        type="button"
        className="account-menu__button"
        title={displayName(user)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <span className="account-menu__icon">
          <ProfileIcon />
        </span>
        <span className="account-menu__label">{label}</span>
        <span className="account-menu__caret" aria-hidden="true" />
      </button>
      <ul ref={menu} id={menuId} className="account-menu__list" role="menu" aria-label={label} hidden={!open} onKeyDown={onMenuKeyDown}>
        {ACCOUNT_LINKS.map((link) => (
          <li key={link.href} role="none">
            <Link href={link.href} role="menuitem" tabIndex={-1} className="account-menu__item" onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          </li>
        ))}
        <li role="separator" className="account-menu__separator" />
        <li role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="account-menu__item"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
