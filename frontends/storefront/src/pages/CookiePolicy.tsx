import { DocumentPage } from '../documents/DocumentPage';

/** /cookie-policy: the stored 'cookie-policy' document (the Terms cite it). */
export default function CookiePolicy() {
  return <DocumentPage slug="cookie-policy" pageName="Cookie Policy" />;
}
