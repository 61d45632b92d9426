import { DocumentPage } from '../documents/DocumentPage';

/** /terms: the stored 'terms-of-use' document. */
export default function Terms() {
  return <DocumentPage slug="terms-of-use" pageName="Terms of Use" />;
}
