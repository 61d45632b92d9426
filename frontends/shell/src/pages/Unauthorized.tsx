import { Link } from 'wouter';

export function Unauthorized() {
  return (
    <section className="page-message">
      <p className="page-message__code" aria-hidden="true">
        403
      </p>
      <h1 className="page-message__title">Access Denied</h1>
      <p className="page-message__text">You do not have the necessary permissions to view this page.</p>
      <div className="page-message__actions">
        <Link href="/" className="button button--primary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
