import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Header } from './Header';
import { Footer } from './Footer';
import { usePageHead } from './pageHead';

/** Header hidden on /admin…, on exactly /login and /services (docs/product.md#screens-and-routes); shown on /services/{platform}. */
export function showsPublicHeader(path: string): boolean {
  return !(path.startsWith('/admin') || path === '/login' || path === '/services');
}

/** The admin area and the auth screen have their own frames; everything else gets the footer. */
export function showsFooter(path: string): boolean {
  return !(path.startsWith('/admin') || path === '/login');
}

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  usePageHead(location);

  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {showsPublicHeader(location) && <Header />}
      <main id="main" className="app__main" tabIndex={-1}>
        {children}
      </main>
      {showsFooter(location) && <Footer />}
    </div>
  );
}
