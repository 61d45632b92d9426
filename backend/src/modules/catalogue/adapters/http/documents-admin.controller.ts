import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal } from '../../../../platform/auth/auth.guard';
import type { Principal } from '../../../../platform/auth/principal';
import { SaveDocumentUseCase } from '../../application/save-document.use-case';
import { documentBody } from './document.presenter';
import { SaveDocumentRequest } from './save-document.request';

/** The admin's Documents group: saves the FAQ or a policy; the public page shows it at once. */
@ApiTags('documents (admin)')
@Controller('documents')
@Authenticated('admin')
export class DocumentsAdminController {
  constructor(private readonly saveDocument: SaveDocumentUseCase) {}

  @Post('save')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ success: true, data: { slug, title, lastUpdated, sections } } (the document as GET /documents/:slug shows it)' })
  @ApiBadRequestResponse({ description: '{ success: false, message: "<field> ...", error: "invalid" }' })
  async save(@CurrentPrincipal() admin: Principal, @Body() body: SaveDocumentRequest) {
    const saved = await this.saveDocument.execute(admin, {
      slug: body.slug,
      title: body.title,
      lastUpdated: body.content.lastUpdated,
      sections: body.content.sections.map((section) => ({
        heading: section.heading,
        paragraphs: section.paragraphs,
        items: section.items,
        faqs: section.faqs?.map((faq) => ({ question: faq.question, answer: faq.answer })),
      })),
    });
    return { success: true as const, data: documentBody(saved).document };
  }
}
