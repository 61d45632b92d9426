import { Injectable } from '@nestjs/common';
import { serviceNotFound } from '../domain/catalogue.errors';
import type { Service } from '../domain/service';
import { ServiceRepository } from './service.repository.port';

/** One service with its content items, for the admin's edit form. */
@Injectable()
export class GetServiceUseCase {
  constructor(private readonly services: ServiceRepository) {}

  async execute(serviceId: string): Promise<Service> {
    const service = await this.services.findById(serviceId);
    if (!service) throw serviceNotFound();
    return service;
  }
}
