import { PageNotFound } from '@growth/kit';

export function NotFound() {
  return <PageNotFound />;
}
