import { useParams } from 'wouter';
import { PagePlaceholder } from '@growth/kit';

export default function EditPlan() {
  const { planId } = useParams<{ planId: string }>();
  return (
    <PagePlaceholder title="Edit Plan">
      <p>Plan {planId}: name, status and pricing tiers.</p>
    </PagePlaceholder>
  );
}
