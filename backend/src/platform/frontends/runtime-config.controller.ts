import type { ApiSuccess, RuntimeConfig } from '@growth/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';
import { SHOP_NAME } from '../config/brand';
import { paysNoRealMoney } from '../../kernel/real-money';

/**
 * What the browser needs to know at run time: where each remote lives (so a remote can move without
 * rebuilding the shell), the shop's name and which optional integrations are configured.
 */
@ApiTags('platform')
@Controller('runtime-config')
export class RuntimeConfigController {
  constructor(private readonly config: AppConfig) {}

  @Get()
  @ApiOperation({ summary: 'Remote locations and public client settings for the shell' })
  get(): ApiSuccess<RuntimeConfig> {
    return {
      success: true as const,
      remotes: this.config.remotes,
      shopName: SHOP_NAME,
      googleClientId: this.config.googleClientId,
      payments: { provider: this.config.payments.provider, keyId: this.config.payments.keyId, sandbox: paysNoRealMoney(this.config.payments) },
    };
  }
}
