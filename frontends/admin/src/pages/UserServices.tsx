import { useParams } from 'wouter';
import { PagePlaceholder } from '@growth/kit';

export default function UserServices() {
  const { userId } = useParams<{ userId: string }>();
  return (
    <PagePlaceholder title="User Services">
      <p>Subscriptions of user {userId}.</p>
    </PagePlaceholder>
  );
}
