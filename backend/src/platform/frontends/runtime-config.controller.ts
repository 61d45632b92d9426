import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';

/**
 * What the browser needs to know at run time: where each remote lives (so a remote can move without
 * rebuilding the shell) and which optional integrations are configured.
 */
@ApiTags('platform')
@Controller('runtime-config')
export class RuntimeConfigController {
  constructor(private readonly config: AppConfig) {}

  @Get()
  @ApiOperation({ summary: 'Remote locations and public client settings for the shell' })
  get() {
    return {
      success: true,
      remotes: this.config.remotes,
      googleClientId: this.config.googleClientId,
      payments: { provider: this.config.payments.provider, keyId: this.config.payments.keyId },
    };
  }
}
