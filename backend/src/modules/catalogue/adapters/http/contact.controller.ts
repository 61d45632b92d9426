import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { RateLimit } from '../../../../platform/rate-limit/rate-limit.guard';
import { SubmitContactRequestUseCase } from '../../application/submit-contact-request.use-case';
import { CONTACT_THANKS } from '../../domain/contact-request';
import { SubmitContactRequestRequest } from './submit-contact-request.request';

@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(private readonly submit: SubmitContactRequestUseCase) {}

  /** The Contact page's form: stores the request and mails the support inbox (reply-to the visitor). */
  @Post('contact')
  @RateLimit('contact-per-ip')
  @HttpCode(201)
  @ApiCreatedResponse({ description: `{ success: true, message: "${CONTACT_THANKS}" }` })
  @ApiBadRequestResponse({ description: '{ success: false, message: "<field> ...", error: "invalid" }' })
  async contact(@Body() body: SubmitContactRequestRequest): Promise<{ success: true; message: string }> {
    await this.submit.execute({
      name: body.user_name,
      email: body.user_email,
      serviceType: body.serviceType,
      platform: body.platform,
      message: body.message,
    });
    return { success: true, message: CONTACT_THANKS };
  }
}
