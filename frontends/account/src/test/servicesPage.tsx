import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthProvider } from '@growth/kit';
import ActiveServices from '../pages/ActiveServices';
import CompletedServices from '../pages/CompletedServices';

/**
 * Renders the customer's Active or Completed services page with the session store, at `path`
 * (the page's own address unless given), in a memory router that records where it goes; returns the memory.
 */
export function visitServicesPage(page: 'active' | 'completed', path = `/services/${page}`) {
  const memory = memoryLocation({ path, record: true });
  render(
    <AuthProvider>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        {page === 'active' ? <ActiveServices /> : <CompletedServices />}
      </Router>
    </AuthProvider>,
  );
  return memory;
}
