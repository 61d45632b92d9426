import { useEffect } from 'react';
import { Link } from 'wouter';
import { documentTitle } from '@growth/kit/routes';

/**
 * Page Not Found inside a storefront page, for an address the page learns is empty only once its
 * data answers (a pricing page of no platform): the same texts and links as the shell's Not Found
 * page, and its title. The server answers such an address with 404 already (docs/catalogue.md).
 */
export function NotFoundMessage() {
  useEffect(() => {
    document.title = documentTitle('Page Not Found');
  }, []);
  return (
    <section className="page-message">
      <p className="page-message__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-message__title">Page Not Found</h1>
      <p className="page-message__text">The page you are looking for does not exist or has been moved.</p>
      <div className="page-message__actions">
        <Link href="/" className="button button--primary">
          Return Home
        </Link>
        <Link href="/contact" className="button button--ghost">
          Go Back to Help Center
        </Link>
      </div>
    </section>
  );
}
