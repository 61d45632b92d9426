import { Module } from '@nestjs/common';
import { ChangeEvents, followChanges } from '../../platform/events/change-events';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactRequestRepository } from './application/contact-request.repository.port';
import { CreateServiceUseCase } from './application/create-service.use-case';
import { DeleteServiceContentUseCase } from './application/delete-service-content.use-case';
import { DeleteServiceUseCase } from './application/delete-service.use-case';
import { DocumentResponseCache } from './application/document-response.cache';
import { DocumentRepository } from './application/document.repository.port';
import { GetDocumentUseCase } from './application/get-document.use-case';
import { GetServiceUseCase } from './application/get-service.use-case';
import { ListServicesForAdminUseCase, ListServicesUseCase } from './application/list-services.use-case';
import { PricingAddresses } from './application/pricing-addresses';
import { ResolveAddressUseCase } from './application/resolve-address.use-case';
import { PlansModule } from '../plans/plans.module';
import { ListSellablePlansUseCase } from '../plans/application/list-sellable-plans.use-case';
import { PageAddresses } from '../../platform/frontends/page-addresses';
import { ServiceSlugOrmEntity } from './adapters/persistence/service-slug.orm-entity';
import { CatalogueAddresses } from './adapters/http/catalogue-addresses';
import { SaveDocumentUseCase } from './application/save-document.use-case';
import { ServiceListCache } from './application/service-list.cache';
import { ServiceRepository } from './application/service.repository.port';
import { SubmitContactRequestUseCase } from './application/submit-contact-request.use-case';
import { UpdateServiceUseCase } from './application/update-service.use-case';
import { ContactController } from './adapters/http/contact.controller';
import { DocumentsAdminController } from './adapters/http/documents-admin.controller';
import { DocumentsController } from './adapters/http/documents.controller';
import { DocumentsFastPath } from './adapters/http/documents-fast-path';
import { ServicesAdminController } from './adapters/http/services-admin.controller';
import { ServicesFastPath } from './adapters/http/services-fast-path';
import { ServicesController } from './adapters/http/services.controller';
import { CatalogueSeeder } from './adapters/persistence/catalogue.seeder';
import { ContactRequestOrmEntity } from './adapters/persistence/contact-request.orm-entity';
import { TypeOrmContactRequestRepository } from './adapters/persistence/contact-request.repository';
import { DocumentOrmEntity } from './adapters/persistence/document.orm-entity';
import { TypeOrmDocumentRepository } from './adapters/persistence/document.repository';
import { DocumentsSeeder } from './adapters/persistence/documents.seeder';
import { ServiceContentOrmEntity } from './adapters/persistence/service-content.orm-entity';
import { ServiceOrmEntity } from './adapters/persistence/service.orm-entity';
import { TypeOrmServiceRepository } from './adapters/persistence/service.repository';

/**
 * Catalogue: the shop's content. The services shown on the home and catalogue pages with their
 * content items, the contact requests sent from the Contact page, and the stored documents (FAQ
 * and policies) the information pages render.
 * The response caches follow change events: a write use case publishes 'catalogue' (services) or
 * 'documents' through ChangeEvents (after its commit), here and on every other instance.
 */
@Module({
  imports: [PlansModule, TypeOrmModule.forFeature([ServiceOrmEntity, ServiceContentOrmEntity, ServiceSlugOrmEntity, ContactRequestOrmEntity, DocumentOrmEntity])],
  controllers: [ServicesController, ServicesAdminController, ContactController, DocumentsController, DocumentsAdminController],
  providers: [
    { provide: ServiceRepository, useClass: TypeOrmServiceRepository },
    // The public list follows plans too: a plan's status or tiers decide which services are listed.
    {
      provide: ServiceListCache,
      inject: [ChangeEvents],
      useFactory: (events: ChangeEvents) => followChanges(events, 'plans', followChanges(events, 'catalogue', new ServiceListCache())),
    },
    {
      provide: PricingAddresses,
      inject: [ChangeEvents, ListSellablePlansUseCase],
      useFactory: (events: ChangeEvents, plans: ListSellablePlansUseCase) =>
        followChanges(events, 'plans', followChanges(events, 'catalogue', new PricingAddresses(plans))),
    },
    ListServicesUseCase,
    ListServicesForAdminUseCase,
    ResolveAddressUseCase,
    CatalogueAddresses,
    { provide: PageAddresses, useExisting: CatalogueAddresses },
    GetServiceUseCase,
    CreateServiceUseCase,
    UpdateServiceUseCase,
    DeleteServiceUseCase,
    DeleteServiceContentUseCase,
    CatalogueSeeder,
    ServicesFastPath,
    DocumentsFastPath,
    { provide: ContactRequestRepository, useClass: TypeOrmContactRequestRepository },
    SubmitContactRequestUseCase,
    { provide: DocumentRepository, useClass: TypeOrmDocumentRepository },
    {
      provide: DocumentResponseCache,
      inject: [ChangeEvents],
      useFactory: (events: ChangeEvents) => followChanges(events, 'documents', new DocumentResponseCache({ maxEntries: 32 })),
    },
    GetDocumentUseCase,
    SaveDocumentUseCase,
    DocumentsSeeder,
  ],
  exports: [ListServicesUseCase],
})
export class CatalogueModule {}
