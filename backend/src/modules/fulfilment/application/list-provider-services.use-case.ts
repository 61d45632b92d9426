import { Injectable } from '@nestjs/common';
import { askProvider } from './provider-calls';
import { ProviderPanel, type ProviderService } from './provider-panel.port';

/** The provider's services, for the plan editor's mapping picker; none with the manual panel. */
@Injectable()
export class ListProviderServicesUseCase {
  constructor(private readonly panel: ProviderPanel) {}

  async execute(): Promise<{ provider: string; services: ProviderService[] }> {
    if (!this.panel.enabled) return { provider: this.panel.name, services: [] };
    return { provider: this.panel.name, services: await askProvider(() => this.panel.services()) };
  }
}
