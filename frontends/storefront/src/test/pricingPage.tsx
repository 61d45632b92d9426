import { render } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthProvider } from '@growth/kit';
import Pricing from '../pages/Pricing';

/** Every call is answered 200 with `body`. */
export function answerAlways(body: unknown): void {
  const text = JSON.stringify(body);
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, text: async () => text }) as Response) as unknown as typeof fetch;
}

/** Renders the pricing page at `path` with the session store, in a memory router that records where it goes; returns the memory. */
export function visitPricingPage(path = '/services/youtube') {
  const memory = memoryLocation({ path, record: true });
  render(
    <AuthProvider>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <Route path="/services/:platform" component={Pricing} />
      </Router>
    </AuthProvider>,
  );
  return memory;
}
