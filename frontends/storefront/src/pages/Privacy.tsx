import { DocumentPage } from '../documents/DocumentPage';

/** /privacy: the stored 'privacy-policy' document. */
export default function Privacy() {
  return <DocumentPage slug="privacy-policy" pageName="Privacy Policy" />;
}
