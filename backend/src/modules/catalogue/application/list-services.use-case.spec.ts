import { type CatalogueQuery, catalogueQuery } from '../domain/catalogue-page';
import { type Service, slugOf } from '../domain/service';
import type { ListSellablePlansUseCase, PlanAtAddress } from '../../plans/application/list-sellable-plans.use-case';
import { type OnSaleFilter, PricingAddresses } from './pricing-addresses';
import { ListServicesForAdminUseCase, ListServicesUseCase } from './list-services.use-case';
import { ServiceRepository } from './service.repository.port';

/** In-memory ServiceRepository for unit specs; same ordering and search rules as the real one. */
class InMemoryServiceRepository extends ServiceRepository {
  readonly services: Service[] = [];
  calls = 0;

  add(heading: string, description = `${heading} growth`, createdAt = new Date(Date.UTC(2025, 0, 1) + this.services.length)): Service {
    const service: Service = {
      serviceId: `00000000-0000-4000-8000-${String(this.services.length + 1).padStart(12, '0')}`,
      serviceHeading: heading,
      slug: slugOf(heading),
      planId: null,
      serviceDescription: description,
      logo: null,
      content: [{ contentId: `c-${heading}`, key: 'Delivery', value: 'Starts within 24-48 hours', position: 0 }],
      createdAt,
      updatedAt: createdAt,
    };
    this.services.push(service);
    return service;
  }

  async pageForCatalogue(query: CatalogueQuery, onSale?: OnSaleFilter): Promise<{ items: Service[]; total: number }> {
    this.calls += 1;
    const needle = query.search.toLowerCase();
    const matches = this.services
      .filter((s) => !onSale || (s.planId ? onSale.planIds.includes(s.planId) : onSale.slugs.includes(s.slug)))
      .filter((s) => !needle || s.serviceHeading.toLowerCase().includes(needle) || s.serviceDescription.toLowerCase().includes(needle))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.serviceHeading.localeCompare(b.serviceHeading));
    const start = (query.page - 1) * query.perPage;
    return { items: matches.slice(start, start + query.perPage), total: matches.length };
  }

  // The list use case only reads pages; the writes are the admin use cases' (covered by their API spec).
  async findById(serviceId: string): Promise<Service | null> {
    return this.services.find((s) => s.serviceId === serviceId) ?? null;
  }

  async findByAddress(): Promise<null> {
    throw new Error('not used by ListServicesUseCase');
  }

  findForChange(serviceId: string): Promise<Service | null> {
    return this.findById(serviceId);
  }

  create(): Promise<Service> {
    throw new Error('not used by ListServicesUseCase');
  }

  saveChanges(): Promise<Service | null> {
    throw new Error('not used by ListServicesUseCase');
  }

  delete(): Promise<boolean> {
    throw new Error('not used by ListServicesUseCase');
  }

  deleteContentItem(): Promise<boolean> {
    throw new Error('not used by ListServicesUseCase');
  }
}

/** A plan answering at its own slug: on sale (Active, one tier), or as `sale` says. */
function plan(
  slug: string,
  name: string,
  onSale: boolean,
  sale: Pick<PlanAtAddress, 'status' | 'tierCount'> = { status: onSale ? 'Active' : 'Inactive', tierCount: 1 },
): PlanAtAddress {
  return { planId: `plan-${slug}`, slug, name, onSale, ...sale };
}

/** The plans' addresses as ListSellablePlansUseCase gives them, set by each test. */
function addressesOf(plans: Map<string, PlanAtAddress>): PricingAddresses {
  return new PricingAddresses({ execute: async () => plans } as unknown as ListSellablePlansUseCase);
}

describe('ListServicesUseCase', () => {
  const repository = new InMemoryServiceRepository();
  for (let i = 1; i <= 23; i++) repository.add(`Service ${String(i).padStart(2, '0')}`);
  const everyServiceOnSale = new Map(repository.services.map((s) => [s.slug, plan(s.slug, s.serviceHeading, true)]));
  const useCase = new ListServicesUseCase(repository, addressesOf(everyServiceOnSale));

  it('returns a full page and the paging meta', async () => {
    const page = await useCase.execute(catalogueQuery({ page: 2, limit: 10 }));
    expect(page.items).toHaveLength(10);
    expect(page.items[0].serviceHeading).toBe('Service 11');
    expect(page.meta).toEqual({ total: 23, page: 2, perPage: 10, lastPage: 3 });
  });

  it('returns the remainder on the last page and nothing beyond it', async () => {
    expect((await useCase.execute(catalogueQuery({ page: 3, limit: 10 }))).items).toHaveLength(3);
    const beyond = await useCase.execute(catalogueQuery({ page: 9, limit: 10 }));
    expect(beyond.items).toEqual([]);
    expect(beyond.meta.total).toBe(23);
  });

  it('reports the clamped page size', async () => {
    const page = await useCase.execute(catalogueQuery({ limit: 500 }));
    expect(page.meta.perPage).toBe(100);
    expect(page.items).toHaveLength(23);
  });
});

describe('the listing rule (docs/catalogue.md)', () => {
  const repository = new InMemoryServiceRepository();
  repository.add('YouTube');
  repository.add('Instagram');
  repository.add('Myspace');
  repository.add('Threads');
  const plans = new Map<string, PlanAtAddress>([
    ['youtube', plan('youtube', 'YouTube', true)],
    ['instagram', plan('instagram', 'Instagram', true)],
    ['threads', plan('threads', 'Threads', false)],
  ]);

  it('lists only services whose address has a plan on sale, and counts only those', async () => {
    const page = await new ListServicesUseCase(repository, addressesOf(plans)).execute(catalogueQuery({ limit: 100 }));
    expect(page.items.map((s) => s.serviceHeading)).toEqual(['YouTube', 'Instagram']);
    expect(page.meta.total).toBe(2);
  });

  it('shows the admin every service with why a hidden one is hidden', async () => {
    const page = await new ListServicesForAdminUseCase(repository, addressesOf(plans)).execute(catalogueQuery({ limit: 100 }));
    expect(page.items.map(({ service, listing }) => [service.serviceHeading, listing.listed, listing.reason, listing.planId])).toEqual([
      ['YouTube', true, null, 'plan-youtube'],
      ['Instagram', true, null, 'plan-instagram'],
      ['Myspace', false, 'no_plan', null],
      ['Threads', false, 'plan_not_active', 'plan-threads'],
    ]);
  });

  describe('says what a hidden service is missing, and which plan to fix', () => {
    const hidden = new InMemoryServiceRepository();
    hidden.add('Myspace');
    hidden.add('Threads');
    hidden.add('Mastodon');
    hidden.add('Pixelfed');
    hidden.add('Bluesky');
    const table = new Map<string, PlanAtAddress>([
      ['threads', plan('threads', 'Threads', false, { status: 'Inactive', tierCount: 2 })],
      ['mastodon', plan('mastodon', 'Mastodon', false, { status: 'Pending', tierCount: 0 })],
      ['pixelfed', plan('pixelfed', 'Pixelfed', false, { status: 'Active', tierCount: 0 })],
      ['bluesky', plan('bluesky', 'Bluesky', true)],
    ]);

    it.each([
      [
        'Myspace',
        {
          listed: false,
          reason: 'no_plan',
          planId: null,
          message: 'Not listed: no Active plan with a tier. No plan at /services/myspace yet: create its plan and tiers to sell it.',
        },
      ],
      ['Threads', { listed: false, reason: 'plan_not_active', planId: 'plan-threads', message: 'Not listed: its plan is Inactive, not Active.' }],
      [
        'Mastodon',
        { listed: false, reason: 'plan_not_active', planId: 'plan-mastodon', message: 'Not listed: its plan is Pending, not Active, and has no pricing tier.' },
      ],
      ['Pixelfed', { listed: false, reason: 'no_tier', planId: 'plan-pixelfed', message: 'Not listed: its plan has no pricing tier.' }],
      ['Bluesky', { listed: true, reason: null, planId: 'plan-bluesky', message: null }],
    ])('%s', async (heading, listing) => {
      const page = await new ListServicesForAdminUseCase(hidden, addressesOf(table)).execute(catalogueQuery({ limit: 100 }));
      expect(page.items.find(({ service }) => service.serviceHeading === heading)?.listing).toEqual(listing);
    });
  });

  it('lists nothing when no plan is on sale', async () => {
    const page = await new ListServicesUseCase(repository, addressesOf(new Map())).execute(catalogueQuery({}));
    expect(page).toEqual({ items: [], meta: { total: 0, page: 1, perPage: 10, lastPage: 1 } });
  });
});

describe('the price a card starts from', () => {
  it('each listed service carries the lowest tier price of the plan that sells it, in its currency; a plan without one gives null', async () => {
    const repository = new InMemoryServiceRepository();
    repository.add('YouTube');
    repository.add('Instagram');
    const plans = new Map<string, PlanAtAddress>([
      ['youtube', { ...plan('youtube', 'YouTube', true), fromPrice: { price: '14.99', currency: 'USD' } }],
      ['instagram', plan('instagram', 'Instagram', true)],
    ]);
    const page = await new ListServicesUseCase(repository, addressesOf(plans)).execute(catalogueQuery({ limit: 100 }));
    expect(page.items.map((s) => [s.serviceHeading, s.fromPrice])).toEqual([
      ['YouTube', { price: '14.99', currency: 'USD' }],
      ['Instagram', null],
    ]);
  });
});

describe('a service names the plan that sells it (docs/catalogue.md, "Listing rule")', () => {
  const plans = new Map<string, PlanAtAddress>([['youtube', plan('youtube', 'YouTube', true)]]);

  it('keeps a renamed service listed by the plan it names, and lists it by no other', async () => {
    const repository = new InMemoryServiceRepository();
    const renamed = repository.add('YouTube Growth');
    renamed.planId = 'plan-youtube';
    repository.add('Youtube Shorts').planId = 'plan-gone';
    const page = await new ListServicesUseCase(repository, addressesOf(plans)).execute(catalogueQuery({ limit: 100 }));
    expect(page.items.map((s) => s.serviceHeading)).toEqual(['YouTube Growth']);
  });
});
