import { Link } from 'wouter';
import { PageMessage } from './PageMessage';

/** Page Not Found: the shell's page for an unknown address, and a storefront page whose data turns out empty. */
export function PageNotFound() {
  return (
    <PageMessage code="404" title="Page Not Found" text="The page you are looking for does not exist or has been moved.">
      <Link href="/" className="button button--primary">
        Return Home
      </Link>
      <Link href="/contact" className="button button--ghost">
        Go Back to Help Center
      </Link>
    </PageMessage>
  );
}
