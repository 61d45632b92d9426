import { fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AdminService, ServiceListing } from '@growth/kit';
import { ServiceCard } from './ServiceCard';

function serviceWith(listing: ServiceListing): AdminService {
  return {
    serviceId: 's1',
    serviceHeading: 'Myspace',
    serviceDescription: 'Friends for your page.',
    logo: null,
    serviceContent: [{ contentId: 'c1', key: 'Friends', value: '1K' }],
    slug: 'myspace',
    listing,
  };
}

function renderCard(service: AdminService) {
  const memory = memoryLocation({ path: '/admin/dashboard', record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <ul>
        <ServiceCard service={service} onDelete={() => undefined} busy={false} />
      </ul>
    </Router>,
  );
  return memory;
}

describe('ServiceCard: what a hidden service is missing, and the link that fixes it (docs/catalogue.md, "Listing rule")', () => {
  it.each([
    [
      'no_plan',
      'Not listed: no Active plan with a tier. No plan at /services/myspace yet: create its plan and tiers to sell it.',
      null,
      'Create its plan',
      '/admin/edit-plan/new?platform=Myspace',
    ],
    ['plan_not_active', 'Not listed: its plan is Inactive, not Active.', 'plan-7', 'Edit its plan', '/admin/edit-plan/plan-7'],
    ['no_tier', 'Not listed: its plan has no pricing tier.', 'plan/8', 'Edit its plan', '/admin/edit-plan/plan%2F8'],
  ] as const)('%s: the message and %s', (reason, message, planId, label, href) => {
    const memory = renderCard(serviceWith({ listed: false, reason, message, planId }));
    const [card] = screen.getAllByRole('listitem');
    expect(within(card).getByText(message, { exact: false })).toBeTruthy();
    const link = within(card).getByRole('link', { name: `${label} for Myspace` });
    expect(link.textContent).toBe(label);
    expect(link.getAttribute('href')).toBe(href);
    fireEvent.click(link);
    expect(memory.history.at(-1)).toBe(href);
  });

  it('a listed service links to its page in the shop, and offers no plan fix', () => {
    renderCard(serviceWith({ listed: true, reason: null, message: null, planId: 'plan-7' }));
    expect(screen.getByText(/Listed in the shop/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Myspace in the shop' }).getAttribute('href')).toBe('/services/myspace');
    expect(screen.queryByRole('link', { name: /its plan/ })).toBeNull();
  });

  it('a listing without a message still says it is not listed, and offers to create the plan', () => {
    renderCard(serviceWith({ listed: false, reason: 'no_plan', message: null, planId: null }));
    expect(screen.getByText(/Not listed: no Active plan with a tier\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create its plan for Myspace' }).getAttribute('href')).toBe('/admin/edit-plan/new?platform=Myspace');
  });
});
