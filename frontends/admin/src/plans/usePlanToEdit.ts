import { ApiError, type Plan } from '@growth/kit';
import { useAdminPost } from '../data/useAdminPost';

export type PlanToEdit =
  | { status: 'missing-id' }
  | { status: 'create' }
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed'; error: unknown }
  | { status: 'loaded'; plan: Plan & { platform?: string | null } };

/** A refused id (400) or an unknown one (404) is a plan that is not there. */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * The plan of /admin/edit-plan/:planId: 'new' creates one; another id is read with POST
 * /plan/getByPlanId {planId}. `known` is a plan the page has already (just created): not asked again.
 */
export function usePlanToEdit(planId: string, known: Plan | null): { plan: PlanToEdit; retry(): void } {
  const id = planId.trim();
  const ask = id !== '' && id !== 'new' && known?.planId !== id;
  const { state, retry } = useAdminPost<{ plan?: Plan }>('/plan/getByPlanId', ask ? { planId: id } : null);

  let plan: PlanToEdit;
  if (!id) plan = { status: 'missing-id' };
  else if (id === 'new') plan = { status: 'create' };
  else if (!ask && known) plan = { status: 'loaded', plan: known };
  else if (state.status === 'loading') plan = { status: 'loading' };
  else if (state.status === 'failed') plan = isNotFound(state.error) ? { status: 'not-found' } : { status: 'failed', error: state.error };
  else if (!state.data.plan || typeof state.data.plan !== 'object') plan = { status: 'not-found' };
  else plan = { status: 'loaded', plan: state.data.plan };
  return { plan, retry };
}
