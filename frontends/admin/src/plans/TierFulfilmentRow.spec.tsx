import type { ProviderService, TierMapping } from '@growth/kit';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../test/fakeApi';
import { TierFulfilmentRow } from './TierFulfilmentRow';
import { mappingText, refillDaysOf, REFILL_DAYS_INVALID } from './tierFulfilment';

/** A tier's refill guarantee in the plan editor's Fulfilment section (docs/refill.md). */

const SERVICES: ProviderService[] = [
  { service: '101', name: 'Instagram Followers', type: 'Default', category: 'Instagram', rate: '0.90', min: 10, max: 100000, refill: true, cancel: false },
  { service: '201', name: 'YouTube Views', type: 'Default', category: 'YouTube', rate: '1.50', min: 100, max: 1000000, refill: false, cancel: true },
];

let fake: FakeApi;
let saved: (TierMapping | null)[];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('adminToken', 'admin-token');
  fake = installFakeApi();
  saved = [];
});

function show(mapping: TierMapping | null) {
  render(<TierFulfilmentRow pricingId="t1" title="Tier 1: Growth" services={SERVICES} mapping={mapping} onSaved={(next) => saved.push(next)} />);
}

const days = () => screen.getByLabelText('Refill guarantee (days)') as HTMLInputElement;
const service = () => screen.getByLabelText('Provider service') as HTMLSelectElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: /Save fulfilment/ }));

describe('refill days of a tier', () => {
  it('are enabled only on a service that refills; on another the field says why and shows 0', () => {
    show({ pricingId: 't1', serviceId: '201', serviceName: 'YouTube Views', quantity: 1000, refillDays: 0 });
    expect(days().disabled).toBe(true);
    expect(days().value).toBe('0');
    expect(screen.getByText('This service has no refill, so the tier carries no guarantee.')).toBeTruthy();
    fireEvent.change(service(), { target: { value: '101' } });
    expect(days().disabled).toBe(false);
    expect(screen.getByText('From 0 (none) to 365, counted from completion. The pricing card shows it.')).toBeTruthy();
    fireEvent.change(service(), { target: { value: '' } });
    expect(screen.queryByLabelText('Refill guarantee (days)')).toBeNull(); // Manual: nothing to guarantee
  });

  it('start from the saved mapping, which the current line names', () => {
    show({ pricingId: 't1', serviceId: '101', serviceName: 'Instagram Followers', quantity: 1000, refillDays: 30 });
    expect(days().value).toBe('30');
    expect(screen.getByText('Now: Instagram Followers (#101) × 1,000 · 30-day refill guarantee')).toBeTruthy();
  });

  it.each(['366', '-1', '2.5', 'thirty', '1e2', '9999'])('%s is refused before sending, with the field focused', async (typed) => {
    show({ pricingId: 't1', serviceId: '101', serviceName: 'Instagram Followers', quantity: 1000, refillDays: 0 });
    fireEvent.change(days(), { target: { value: typed } });
    save();
    expect(await screen.findByText(REFILL_DAYS_INVALID)).toBeTruthy();
    expect(days().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(days());
    expect(fake.callsTo('/admin/fulfilment/mapping')).toEqual([]);
    // Typing again clears the message.
    fireEvent.change(days(), { target: { value: '30' } });
    expect(screen.queryByText(REFILL_DAYS_INVALID)).toBeNull();
  });

  it('are sent with a service that refills, and the saved line shows the guarantee', async () => {
    show({ pricingId: 't1', serviceId: '101', serviceName: 'Instagram Followers', quantity: 1000, refillDays: 0 });
    fireEvent.change(days(), { target: { value: ' 45 ' } });
    fake.answer('/admin/fulfilment/mapping', [
      200,
      { success: true, mapping: { pricingId: 't1', serviceId: '101', serviceName: 'Instagram Followers', quantity: 1000, refillDays: 45 } },
    ]);
    save();
    expect(await screen.findByText('Saved: Instagram Followers (#101) × 1,000 · 45-day refill guarantee.')).toBeTruthy();
    expect(fake.callsTo('/admin/fulfilment/mapping').map((call) => call.body)).toEqual([{ pricingId: 't1', serviceId: '101', quantity: 1000, refillDays: 45 }]);
    expect(saved).toEqual([{ pricingId: 't1', serviceId: '101', serviceName: 'Instagram Followers', quantity: 1000, refillDays: 45 }]);
  });

  it('are not sent with a service without refill (the server keeps none), even when typed before switching', async () => {
    show({ pricingId: 't1', serviceId: '101', serviceName: 'Instagram Followers', quantity: 1000, refillDays: 30 });
    fireEvent.change(service(), { target: { value: '201' } });
    fake.answer('/admin/fulfilment/mapping', [
      200,
      { success: true, mapping: { pricingId: 't1', serviceId: '201', serviceName: 'YouTube Views', quantity: 1000, refillDays: 0 } },
    ]);
    save();
    expect(await screen.findByText('Saved: YouTube Views (#201) × 1,000.')).toBeTruthy();
    expect(fake.callsTo('/admin/fulfilment/mapping').map((call) => call.body)).toEqual([{ pricingId: 't1', serviceId: '201', quantity: 1000 }]);
  });

  it("the server's refusal is shown as 'Save failed' with its words, and the days stay as typed", async () => {
    show({ pricingId: 't1', serviceId: '101', serviceName: 'Instagram Followers', quantity: 1000, refillDays: 0 });
    fireEvent.change(days(), { target: { value: '30' } });
    fake.answer('/admin/fulfilment/mapping', [
      400,
      { success: false, error: 'invalid', message: 'refillDays: service 101 does not refill; a refill guarantee needs a service with refill' },
    ]);
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Save failed');
    expect(alert.textContent).toContain('service 101 does not refill');
    await waitFor(() => expect(days().disabled).toBe(false));
    expect(days().value).toBe('30');
    expect(within(alert).queryByText(/undefined/)).toBeNull();
  });
});

describe('refillDaysOf and mappingText', () => {
  it('reads whole days from 0 to 365; blank is 0', () => {
    expect(['', '0', '7', ' 30 ', '365'].map(refillDaysOf)).toEqual([0, 0, 7, 30, 365]);
    expect(['366', '-1', '1.5', 'x', '0x1f', '1000'].map(refillDaysOf)).toEqual([null, null, null, null, null, null]);
  });

  it('names the guarantee only when there is one a card could show', () => {
    const base = { pricingId: 't1', serviceId: '101', serviceName: 'Instagram Followers', quantity: 1000 };
    expect(mappingText({ ...base, refillDays: 1 })).toBe('Instagram Followers (#101) × 1,000 · 1-day refill guarantee');
    expect(mappingText({ ...base, refillDays: 0 })).toBe('Instagram Followers (#101) × 1,000');
    expect(mappingText({ ...base, refillDays: 900 })).toBe('Instagram Followers (#101) × 1,000');
    expect(mappingText(base)).toBe('Instagram Followers (#101) × 1,000');
  });
});
