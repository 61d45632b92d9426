import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ListServicesUseCase } from './application/list-services.use-case';
import { ServiceListCache } from './application/service-list.cache';
import { ServiceRepository } from './application/service.repository.port';
import { ServicesFastPath } from './adapters/http/services-fast-path';
import { ServicesController } from './adapters/http/services.controller';
import { CatalogueSeeder } from './adapters/persistence/catalogue.seeder';
import { ServiceContentOrmEntity } from './adapters/persistence/service-content.orm-entity';
import { ServiceOrmEntity } from './adapters/persistence/service.orm-entity';
import { TypeOrmServiceRepository } from './adapters/persistence/service.repository';

/**
 * Catalogue: the services shown on the home and catalogue pages, with their content items.
 * Write use cases added later must call ServiceListCache.invalidate() after committing.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ServiceOrmEntity, ServiceContentOrmEntity])],
  controllers: [ServicesController],
  providers: [
    { provide: ServiceRepository, useClass: TypeOrmServiceRepository },
    { provide: ServiceListCache, useFactory: () => new ServiceListCache() },
    ListServicesUseCase,
    CatalogueSeeder,
    ServicesFastPath,
  ],
  exports: [ListServicesUseCase],
})
export class CatalogueModule {}
