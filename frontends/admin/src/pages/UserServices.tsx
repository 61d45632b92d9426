import { useParams } from 'wouter';
import { PagePlaceholder } from '../components/PagePlaceholder';

export default function UserServices() {
  const { userId } = useParams<{ userId: string }>();
  return (
    <PagePlaceholder title="User Services">
      <p>Subscriptions of user {userId}.</p>
    </PagePlaceholder>
  );
}
