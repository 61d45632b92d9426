import { PagePlaceholder } from '@growth/kit';

export default function AuditLog() {
  return (
    <PagePlaceholder title="Audit Log">
      <p>Every admin change: who, what, which record and when.</p>
    </PagePlaceholder>
  );
}
