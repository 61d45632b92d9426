import { Link } from 'wouter';

export function NotFound() {
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
