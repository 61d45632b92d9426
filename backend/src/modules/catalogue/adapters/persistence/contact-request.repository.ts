import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { ContactPlatform, ContactRequest, NewContactRequest, ServiceType } from '../../domain/contact-request';
import { ContactRequestRepository } from '../../application/contact-request.repository.port';
import { ContactRequestOrmEntity } from './contact-request.orm-entity';

export function toContactRequest(row: ContactRequestOrmEntity): ContactRequest {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    serviceType: row.serviceType as ServiceType,
    platform: row.platform as ContactPlatform,
    message: row.message,
    createdAt: row.createdAt,
    handledAt: row.handledAt ?? null,
  };
}

@Injectable()
export class TypeOrmContactRequestRepository extends ContactRequestRepository {
  constructor(@InjectRepository(ContactRequestOrmEntity) private readonly rows: Repository<ContactRequestOrmEntity>) {
    super();
  }

  async record(request: NewContactRequest): Promise<ContactRequest> {
    const row = await this.rows.save(
      this.rows.create({
        name: request.name,
        email: request.email,
        serviceType: request.serviceType,
        platform: request.platform,
        message: request.message,
        handledAt: null,
      }),
    );
    return toContactRequest(row);
  }
}
