import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { DOCUMENT_SLUGS } from '../../domain/document';
import { DOCUMENT_LIMITS } from '../../domain/document-form';

/**
 * POST /documents/save: the body checked for types and sizes; the document's rules (blank lines
 * dropped, anchors, a date) are the domain's (documentOf). Fields the GET answer carries that a
 * save does not take (a section's id, the content's slug and title) are ignored, so the editor may
 * send back what it read.
 */
export class FaqRequest {
  @IsString({ message: 'question must be text' })
  @IsDefined({ message: 'question is required' })
  question: string;

  @IsString({ message: 'answer must be text' })
  @IsDefined({ message: 'answer is required' })
  answer: string;
}

export class DocumentSectionRequest {
  @ApiProperty({ example: 'Governing Law' })
  @IsString({ message: 'heading must be text' })
  @IsDefined({ message: 'heading is required' })
  heading: string;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsString({ each: true, message: 'paragraphs must be a list of texts' })
  @ArrayMaxSize(DOCUMENT_LIMITS.partsMax, { message: `paragraphs must hold at most ${DOCUMENT_LIMITS.partsMax} texts` })
  @IsArray({ message: 'paragraphs must be a list of texts' })
  paragraphs?: string[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsString({ each: true, message: 'items must be a list of texts' })
  @ArrayMaxSize(DOCUMENT_LIMITS.partsMax, { message: `items must hold at most ${DOCUMENT_LIMITS.partsMax} texts` })
  @IsArray({ message: 'items must be a list of texts' })
  items?: string[];

  @ApiPropertyOptional({ type: [FaqRequest] })
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => FaqRequest)
  @ArrayMaxSize(DOCUMENT_LIMITS.partsMax, { message: `faqs must hold at most ${DOCUMENT_LIMITS.partsMax} questions` })
  @IsArray({ message: 'faqs must be a list of { question, answer }' })
  faqs?: FaqRequest[];
}

export class DocumentContentRequest {
  @ApiPropertyOptional({ example: '2025-09-02', description: 'Defaults to today.' })
  @IsOptional()
  @IsString({ message: 'lastUpdated must be a date like 2025-09-02' })
  lastUpdated?: string;

  @ApiProperty({ type: [DocumentSectionRequest] })
  @ValidateNested({ each: true })
  @Type(() => DocumentSectionRequest)
  @ArrayMaxSize(DOCUMENT_LIMITS.sectionsMax, { message: `sections must hold at most ${DOCUMENT_LIMITS.sectionsMax} sections` })
  @IsArray({ message: 'sections must be a list of sections' })
  @IsDefined({ message: 'sections is required' })
  sections: DocumentSectionRequest[];
}

export class SaveDocumentRequest {
  @ApiProperty({ enum: DOCUMENT_SLUGS })
  @IsIn(DOCUMENT_SLUGS, { message: `slug must be one of ${DOCUMENT_SLUGS.join(', ')}` })
  @IsDefined({ message: 'slug is required' })
  slug: string;

  @ApiProperty({ example: 'Terms of Use' })
  @IsString({ message: 'title must be text' })
  @IsDefined({ message: 'title is required' })
  title: string;

  @ApiProperty({ type: DocumentContentRequest, description: 'As GET /documents/:slug returns it: { lastUpdated?, sections }' })
  @ValidateNested()
  @Type(() => DocumentContentRequest)
  @IsObject({ message: 'content must be an object { lastUpdated?, sections }' })
  @IsDefined({ message: 'content is required' })
  content: DocumentContentRequest;
}
