import { useEffect } from 'react';
import { PageNotFound } from '@growth/kit';
import { documentTitle } from '@growth/kit/routes';

/**
 * Page Not Found inside a storefront page, for an address the page learns is empty only once its
 * data answers (a pricing page of no platform): kit's PageNotFound, as on the shell's Not Found
 * page, and its title. The server answers such an address with 404 already (docs/catalogue.md).
 */
export function NotFoundMessage() {
  useEffect(() => {
    document.title = documentTitle('Page Not Found');
  }, []);
  return <PageNotFound />;
}
