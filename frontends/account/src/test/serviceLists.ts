/** Shared by the Active and Completed Services page specs (src/pages): the list answers, the addresses and what the specs look at. */
import { screen } from '@testing-library/react';
import type { Answer } from './fakeApi';
import { visitServicesPage } from './servicesPage';

export function listPage(items: unknown[], meta: { total: number; page: number; lastPage: number }): Answer {
  return [200, { success: true, data: items, meta: { ...meta, perPage: 6 } }];
}

export const ACTIVE = '/subscription/activeService';
export const COMPLETED = '/subscription/completedService';

export const visit = (path: string, page: 'active' | 'completed' = 'active') => visitServicesPage(page, path);

export const cards = () => screen.queryAllByRole('article');
export const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
