import { Body, Controller, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal } from '../../../../platform/auth/auth.guard';
import type { Principal } from '../../../../platform/auth/principal';
import { CreateServiceUseCase } from '../../application/create-service.use-case';
import { DeleteServiceContentUseCase } from '../../application/delete-service-content.use-case';
import { DeleteServiceUseCase } from '../../application/delete-service.use-case';
import { GetServiceUseCase } from '../../application/get-service.use-case';
import { UpdateServiceUseCase } from '../../application/update-service.use-case';
import { ListServicesForAdminUseCase } from '../../application/list-services.use-case';
import { catalogueQuery } from '../../domain/catalogue-page';
import { ListServicesRequest } from './list-services.request';
import { LogoUploadInterceptor, type UploadedLogo } from './logo-upload.interceptor';
import { DeleteServiceContentRequest, ServiceFormRequest, ServiceIdRequest, ServiceSaleRequest, UpdateServiceRequest } from './service-admin.requests';
import { adminServiceBody, serviceBody, serviceListingBody } from './service.presenter';

const SERVICE = 'Service = { serviceId, serviceHeading, serviceDescription, logo, serviceContent: [{ contentId, key, value }] } (as in GET /services/getAll)';
const LISTING =
  "listing = { listed, reason: null | 'no_plan' | 'plan_not_active' | 'no_tier', message: null | 'Not listed: no Active plan with a tier. No plan at /services/<slug> yet: …' | 'Not listed: its plan is Inactive, not Active.' | 'Not listed: its plan has no pricing tier.', planId: the plan that sells it, or null (no_plan) }";
const LOGO_400 =
  "{ success: false, message: 'Heading and description are required.' | 'At least one content item is required.' | 'The logo must be a PNG, JPEG or WebP image.' | 'The logo file is empty.' | '<field> ...', error }";

/**
 * The admin's service screens (dashboard, add/edit service). Every route is the admin's; every
 * write is recorded in the audit log and announced as a 'catalogue' change, so the public catalogue
 * shows it at once.
 */
@ApiTags('services (admin)')
@Controller('services')
@Authenticated('admin')
export class ServicesAdminController {
  constructor(
    private readonly getService: GetServiceUseCase,
    private readonly createService: CreateServiceUseCase,
    private readonly updateService: UpdateServiceUseCase,
    private readonly deleteService: DeleteServiceUseCase,
    private readonly deleteContent: DeleteServiceContentUseCase,
    private readonly listForAdmin: ListServicesForAdminUseCase,
  ) {}

  /**
   * The dashboard's list: every service, listed in the public catalogue or not, each with its
   * address and, when hidden, why (docs/catalogue.md, "Listing rule"). Body: page, limit, search as
   * in GET /services/getAll.
   */
  @Post('listForAdmin')
  @HttpCode(200)
  @ApiOkResponse({
    description: `{ success: true, data: [Service & { slug, listing }], meta: { total, page, perPage, lastPage } }; ${LISTING}`,
  })
  async list(@Body() body: ListServicesRequest) {
    return serviceListingBody(await this.listForAdmin.execute(catalogueQuery(body)));
  }

  /**
   * Multipart: serviceHeading, serviceDescription, serviceContent (JSON text), logo (optional file).
   * Answers with the new service's address and listing, so the form can offer its plan next.
   */
  @Post('create')
  @HttpCode(201)
  @UseInterceptors(LogoUploadInterceptor)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiCreatedResponse({ description: `{ success: true, message: 'Service created', data: Service & { slug, listing } }; ${SERVICE}; ${LISTING}` })
  @ApiBadRequestResponse({ description: LOGO_400 })
  @ApiPayloadTooLargeResponse({ description: "{ success: false, message: 'The logo must be at most 1 MiB.', error: 'logo_too_large' }" })
  @ApiConflictResponse({ description: "{ success: false, message: 'A service with this heading exists already.' }" })
  async create(@CurrentPrincipal() admin: Principal, @Body() body: ServiceSaleRequest, @UploadedFile() logo?: UploadedLogo) {
    const created = await this.createService.execute(admin, this.form(body), logo?.buffer, body.planId);
    return { success: true as const, message: 'Service created', data: adminServiceBody(created) };
  }

  /**
   * As create, plus serviceId. Without a new logo the fields may come as JSON; the stored logo stays.
   * The content list sent replaces the list (contentId: kept and updated; none: created; missing: removed).
   */
  @Post('update')
  @HttpCode(200)
  @UseInterceptors(LogoUploadInterceptor)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOkResponse({ description: "{ success: true, message: 'Service updated', data: Service }" })
  @ApiBadRequestResponse({ description: LOGO_400 })
  @ApiNotFoundResponse({ description: "'Service not found' | 'Content item not found'" })
  @ApiConflictResponse({
    description:
      "{ success: false, message: 'This save takes the service out of the public catalogue: Not listed: … Send it again with confirmOffSale to save anyway.', error: 'service_leaves_catalogue' }",
  })
  async update(@CurrentPrincipal() admin: Principal, @Body() body: UpdateServiceRequest, @UploadedFile() logo?: UploadedLogo) {
    const service = await this.updateService.execute(admin, body.serviceId, this.form(body), logo?.buffer, { planId: body.planId, confirmOffSale: body.confirmOffSale });
    return { success: true as const, message: 'Service updated', data: serviceBody(service) };
  }

  @Post('delete')
  @HttpCode(200)
  @ApiOkResponse({ description: "{ success: true, message: 'Service deleted' }" })
  @ApiNotFoundResponse({ description: "{ success: false, message: 'Service not found', error: 'service_not_found' }" })
  async delete(@CurrentPrincipal() admin: Principal, @Body() body: ServiceIdRequest) {
    await this.deleteService.execute(admin, body.serviceId);
    return { success: true as const, message: 'Service deleted' };
  }

  @Post('getById')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ success: true, data: Service }' })
  @ApiNotFoundResponse({ description: "{ success: false, message: 'Service not found', error: 'service_not_found' }" })
  async getById(@Body() body: ServiceIdRequest) {
    return { success: true as const, data: serviceBody(await this.getService.execute(body.serviceId)) };
  }

  /** Removes one content item; the last one stays (409 'At least one content item is required.'). */
  @Post('deleteContent')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ success: true, data: Service }' })
  @ApiNotFoundResponse({ description: "'Service not found' | 'Content item not found'" })
  @ApiConflictResponse({ description: "{ success: false, message: 'At least one content item is required.', error: 'last_content_item' }" })
  async deleteContentItem(@CurrentPrincipal() admin: Principal, @Body() body: DeleteServiceContentRequest) {
    const service = await this.deleteContent.execute(admin, body.serviceId, body.contentId);
    return { success: true as const, data: serviceBody(service) };
  }

  private form(body: ServiceFormRequest) {
    return { serviceHeading: body.serviceHeading, serviceDescription: body.serviceDescription, serviceContent: body.contentItems() };
  }
}
