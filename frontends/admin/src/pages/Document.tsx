import { useParams } from 'wouter';
import { AdminLayout } from '../layout/AdminLayout';
import { DOCUMENT_LINKS } from '../layout/adminNav';
import { DocumentEditor } from '../documents/DocumentEditor';
import { Banner } from '../ui';

/** /admin/document/:slug: one of the six documents of the sidebar's Documents group. */
export default function Document() {
  const { slug = '' } = useParams<{ slug: string }>();
  const link = DOCUMENT_LINKS.find((item) => item.href === `/admin/document/${slug}`);
  if (!link) {
    return (
      <AdminLayout title="Document">
        <Banner tone="failure" text="Document not found" detail="Pick one of the documents in the menu." />
      </AdminLayout>
    );
  }
  return (
    <AdminLayout title={link.label}>
      <DocumentEditor key={slug} slug={slug} name={link.label} />
    </AdminLayout>
  );
}
