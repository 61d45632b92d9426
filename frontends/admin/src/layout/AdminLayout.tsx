import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Logo, logOutAdmin } from '@growth/kit';
import { DOCUMENT_LINKS, MAIN_LINKS, SETTINGS_LINK, currentOf, type AdminNavLink } from './adminNav';
import { SandboxBanner } from './SandboxBanner';
import { useNarrowScreen } from './useNarrowScreen';
import styles from './AdminLayout.module.css';

interface Props {
  /** The page's heading (the one h1 of the page). */
  title: string;
  /** Buttons or links shown next to the heading (e.g. "Add Service"). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * Set when a sidebar link is followed: the next page's heading takes the focus, so a keyboard or
 * screen-reader user lands on the new page, not on a link that is gone. Module-level because each
 * admin page renders its own AdminLayout (the old one unmounts on navigation).
 */
let focusHeadingOnArrival = false;

/**
 * The frame of every admin page: a sidebar with Services, Clients, Plans, Tasks, Audit log, the
 * Documents group, Settings and Logout; the current link is marked with aria-current. Under 900 px
 * the sidebar is a drawer behind a menu button: the page behind is inert while it is open, Escape
 * closes it (focus back on the button), and so does following a link (focus on the new heading).
 * Above every page's heading, the sandbox banner while payments take no real money.
 */
export function AdminLayout({ title, actions, children }: Props) {
  const [location, navigate] = useLocation();
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(false);
  const drawerOpen = narrow && open;
  const onDocumentPage = DOCUMENT_LINKS.some((link) => link.href === location);
  const [documentsOpen, setDocumentsOpen] = useState(onDocumentPage);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const drawerId = useId();
  const documentsId = useId();

  // Navigation closes the drawer (the same layout stays mounted between two documents); it runs on
  // every new address, and onDocumentPage only changes with the address.
  useEffect(() => {
    setOpen(false);
    if (onDocumentPage) setDocumentsOpen(true);
    if (focusHeadingOnArrival) {
      focusHeadingOnArrival = false;
      heading.current?.focus();
    }
  }, [location, onDocumentPage]);

  // Back to the wide layout: nothing to close any more.
  useEffect(() => {
    if (!narrow) setOpen(false);
  }, [narrow]);

  // An opened drawer takes the focus; Escape closes it and gives the focus back to the menu button.
  useEffect(() => {
    if (!drawerOpen) return undefined;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  const follow = () => {
    focusHeadingOnArrival = true;
  };

  const link = (item: AdminNavLink) => (
    <li key={item.href}>
      <Link href={item.href} className={styles.link} aria-current={currentOf(item, location)} onClick={follow}>
        {item.label}
      </Link>
    </li>
  );

  const logout = () => {
    logOutAdmin();
    navigate('/admin/login');
  };

  return (
    <div className={styles.frame}>
      <div className={styles.topbar}>
        <button ref={menuButton} type="button" className={styles.menuButton} aria-expanded={drawerOpen} aria-controls={drawerId} onClick={() => setOpen(true)}>
          <span className={styles.bars} aria-hidden="true" />
          Menu
        </button>
        <span className={styles.topbarTitle}>Admin</span>
      </div>

      {drawerOpen && <div className={styles.backdrop} data-drawer-backdrop="" aria-hidden="true" onClick={() => setOpen(false)} />}

      <aside id={drawerId} className={drawerOpen ? `${styles.sidebar} ${styles.open}` : styles.sidebar} aria-label="Admin menu" inert={narrow && !open}>
        <div className={styles.brand}>
          <Logo />
          {narrow && (
            <button
              ref={closeButton}
              type="button"
              className={styles.closeButton}
              aria-label="Close menu"
              onClick={() => {
                setOpen(false);
                menuButton.current?.focus();
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <nav aria-label="Admin" className={styles.nav}>
          <ul className={styles.list}>{MAIN_LINKS.map(link)}</ul>
          <div className={styles.group}>
            <button
              type="button"
              className={styles.groupButton}
              aria-expanded={documentsOpen}
              aria-controls={documentsId}
              onClick={() => setDocumentsOpen((value) => !value)}
            >
              Documents
              <span className={styles.chevron} aria-hidden="true" />
            </button>
            <ul id={documentsId} className={styles.subList} hidden={!documentsOpen}>
              {DOCUMENT_LINKS.map(link)}
            </ul>
          </div>
          <ul className={styles.list}>{link(SETTINGS_LINK)}</ul>
        </nav>
        <button type="button" className={styles.logout} onClick={logout}>
          Logout
        </button>
      </aside>

      <div className={styles.content} inert={drawerOpen}>
        <SandboxBanner />
        <div className={styles.pageHeader}>
          <h1 ref={heading} className={styles.title} tabIndex={-1}>
            {title}
          </h1>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
        {children}
      </div>
    </div>
  );
}
