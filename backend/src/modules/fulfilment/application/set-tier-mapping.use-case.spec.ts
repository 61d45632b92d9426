import { RecordingAuditLog } from '../../../../test/admin/in-memory';
import { ManualClock } from '../../../../test/support/fakes';
import { CommittingUnitOfWork, InMemoryTierMappings, ScriptedPanel } from '../../../../test/fulfilment/in-memory';
import type { Principal } from '../../../platform/auth/principal';
import { ListTierMappingsUseCase } from './list-tier-mappings.use-case';
import { ProviderError, type ProviderService } from './provider-panel.port';
import { SetTierMappingUseCase } from './set-tier-mapping.use-case';
import type { ChangeEvents, ChangeTopic } from '../../../platform/events/change-events';

/** Change events as published (the pricing pages' cache follows 'plans'). */
const published: ChangeTopic[] = [];
const events = { publish: (topic: ChangeTopic) => void published.push(topic) } as unknown as ChangeEvents;

const admin: Principal = { id: 'admin-1', role: 'admin' };
const views: ProviderService = {
  service: '7',
  name: 'YouTube views',
  type: 'Default',
  category: 'YouTube',
  rate: '0.90',
  min: 100,
  max: 10_000,
  refill: false,
  cancel: true,
};

describe('SetTierMappingUseCase and ListTierMappingsUseCase', () => {
  let mappings: InMemoryTierMappings;
  let panel: ScriptedPanel;
  let audit: RecordingAuditLog;
  let setMapping: SetTierMappingUseCase;
  let tier: string;

  beforeEach(() => {
    mappings = new InMemoryTierMappings();
    panel = new ScriptedPanel();
    panel.services_ = [views];
    audit = new RecordingAuditLog();
    setMapping = new SetTierMappingUseCase(new CommittingUnitOfWork(), panel, mappings, audit, new ManualClock(), events);
    tier = mappings.addTier('plan-1');
  });

  it('maps a tier to a provider service with a quantity in its range, names the service, and audits it', async () => {
    const mapping = await setMapping.execute(admin, { pricingId: tier, serviceId: '7', quantity: 1000 });
    expect(mapping).toMatchObject({ pricingId: tier, serviceId: '7', serviceName: 'YouTube views', quantity: 1000 });
    expect(await new ListTierMappingsUseCase(mappings).execute('plan-1')).toEqual([expect.objectContaining({ pricingId: tier, serviceId: '7', quantity: 1000 })]);
    expect(audit.records).toEqual([
      expect.objectContaining({
        action: 'fulfilment.mapping',
        entity: 'pricing_tier',
        entityId: tier,
        actorId: 'admin-1',
        before: null,
        after: { serviceId: '7', serviceName: 'YouTube views', quantity: 1000, refillDays: 0 },
      }),
    ]);
  });

  it('carries a refill guarantee only on a service the provider refills, and tells the pricing pages (docs/refill.md)', async () => {
    published.length = 0;
    await expect(setMapping.execute(admin, { pricingId: tier, serviceId: '7', quantity: 1000, refillDays: 30 })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'service_without_refill',
      message: expect.stringMatching(/^The provider does not refill service 7 \(YouTube views\)/),
    });
    expect(mappings.rows.size).toBe(0);
    panel.services_ = [{ ...views, refill: true }];
    for (const refillDays of [366, -1, 1.5]) {
      await expect(setMapping.execute(admin, { pricingId: tier, serviceId: '7', quantity: 1000, refillDays })).rejects.toMatchObject({
        kind: 'invalid',
        code: 'invalid_refill_days',
      });
    }
    expect(await setMapping.execute(admin, { pricingId: tier, serviceId: '7', quantity: 1000, refillDays: 30 })).toMatchObject({ refillDays: 30 });
    expect(published).toEqual(['plans']);
    // Only the guarantee changes: a change, audited, published again.
    await setMapping.execute(admin, { pricingId: tier, serviceId: '7', quantity: 1000, refillDays: 7 });
    expect(audit.records.map((r) => (r.after as { refillDays: number } | null)?.refillDays)).toEqual([30, 7]);
    expect(published).toEqual(['plans', 'plans']);
    await setMapping.execute(admin, { pricingId: tier, serviceId: null });
    expect(published).toEqual(['plans', 'plans', 'plans']);
  });

  it('records nothing when nothing changes, and the change with before and after when it does', async () => {
    await setMapping.execute(admin, { pricingId: tier, serviceId: '7', quantity: 1000 });
    await setMapping.execute(admin, { pricingId: tier, serviceId: '7', quantity: 1000 });
    await setMapping.execute(admin, { pricingId: tier, serviceId: '7', quantity: 2000 });
    expect(audit.records.map((r) => [r.before, r.after])).toEqual([
      [null, { serviceId: '7', serviceName: 'YouTube views', quantity: 1000, refillDays: 0 }],
      [
        { serviceId: '7', serviceName: 'YouTube views', quantity: 1000, refillDays: 0 },
        { serviceId: '7', serviceName: 'YouTube views', quantity: 2000, refillDays: 0 },
      ],
    ]);
  });

  it('removes a mapping with serviceId null (the tier is manual again), also with the panel off', async () => {
    await setMapping.execute(admin, { pricingId: tier, serviceId: '7', quantity: 1000 });
    setMapping = new SetTierMappingUseCase(new CommittingUnitOfWork(), new ScriptedPanel(false), mappings, audit, new ManualClock(), events);
    expect(await setMapping.execute(admin, { pricingId: tier, serviceId: null })).toBeNull();
    expect(await mappings.findByTier(tier)).toBeNull();
    expect(audit.records[1]).toMatchObject({ before: { serviceId: '7', quantity: 1000 }, after: null });
    expect(await setMapping.execute(admin, { pricingId: tier, serviceId: null })).toBeNull();
    expect(audit.records).toHaveLength(2);
  });

  it.each([
    [{ serviceId: '8', quantity: 1000 }, 'Unknown provider service 8'],
    [{ serviceId: '7', quantity: 99 }, 'Quantity must be between 100 and 10000 for this service'],
    [{ serviceId: '7', quantity: 10_001 }, 'Quantity must be between 100 and 10000 for this service'],
    [{ serviceId: '7' }, 'Quantity is required with a service'],
  ])('refuses %j: %s', async (change, message) => {
    await expect(setMapping.execute(admin, { pricingId: tier, ...change })).rejects.toMatchObject({ kind: 'invalid', message });
    expect(mappings.rows.size).toBe(0);
    expect(audit.records).toEqual([]);
  });

  it('answers 404 for an unknown tier, 409 with the panel off, 502 when the provider is down', async () => {
    await expect(setMapping.execute(admin, { pricingId: 'missing', serviceId: '7', quantity: 1000 })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Pricing tier not found',
    });
    await expect(setMapping.execute(admin, { pricingId: 'missing', serviceId: null })).rejects.toMatchObject({ kind: 'not_found' });
    panel.services_ = new ProviderError('unreachable', 'connection refused');
    await expect(setMapping.execute(admin, { pricingId: tier, serviceId: '7', quantity: 1000 })).rejects.toMatchObject({
      kind: 'bad_gateway',
      message: 'The provider panel did not answer: connection refused',
    });
    setMapping = new SetTierMappingUseCase(new CommittingUnitOfWork(), new ScriptedPanel(false), mappings, audit, new ManualClock(), events);
    await expect(setMapping.execute(admin, { pricingId: tier, serviceId: '7', quantity: 1000 })).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Automatic fulfilment is off: set FULFILMENT_PROVIDER=api-v2',
    });
  });
});
