import { DocumentPage } from '../documents/DocumentPage';

/** /refund: the stored 'returns-policy' document. */
export default function Refund() {
  return <DocumentPage slug="returns-policy" pageName="Refund Policy" />;
}
