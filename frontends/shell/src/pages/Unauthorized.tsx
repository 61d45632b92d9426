import { Link } from 'wouter';
import { PageMessage } from '@growth/kit';

export function Unauthorized() {
  return (
    <PageMessage code="403" title="Access Denied" text="You do not have the necessary permissions to view this page.">
      <Link href="/" className="button button--primary">
        Back to Home
      </Link>
    </PageMessage>
  );
}
