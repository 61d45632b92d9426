import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { sendCachedJson } from '../../../../platform/http/cached-json';
import { DocumentResponseCache } from '../../application/document-response.cache';
import { GetDocumentUseCase } from '../../application/get-document.use-case';
import { DOCUMENT_SLUGS } from '../../domain/document';
import { documentBody } from './document.presenter';

@ApiTags('documents')
@Controller('documents')
export class DocumentsController {
  constructor(
    private readonly getDocument: GetDocumentUseCase,
    private readonly cache: DocumentResponseCache,
  ) {}

  /**
   * The FAQ or a policy, as the information pages render it. Answered from the cache of serialised
   * responses (ETag, 304); an unknown slug is a 404 each time.
   */
  @Get(':slug')
  @ApiParam({ name: 'slug', enum: DOCUMENT_SLUGS })
  @ApiOkResponse({
    description: '{ success: true, document: { slug, title, lastUpdated: "YYYY-MM-DD", sections: [{ id, heading, paragraphs, items?, faqs? }] } }',
  })
  @ApiNotFoundResponse({ description: '{ success: false, message: "Document not found", error: "document_not_found" }' })
  async get(@Param('slug') slug: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const cached = await this.cache.getOrLoad(this.cache.keyOf(slug), async () => Buffer.from(JSON.stringify(documentBody(await this.getDocument.execute(slug)))));
    sendCachedJson(req, res, cached);
  }
}
