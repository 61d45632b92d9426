import type { ApiSuccess, ClientsAnswer } from '@growth/contracts';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal } from '../../../../platform/auth/auth.guard';
import type { Principal } from '../../../../platform/auth/principal';
import { type ClientPage, ListClientsUseCase } from '../../application/list-clients.use-case';
import { ClientListRequest } from './admin-clients.requests';
import { withoutBidiControls } from '../../../../kernel/bidi-controls';

/** The admin's clients list (docs/product.md#admin; docs/product.md#api: POST /user/getAll). Admin token only. */
@ApiTags('user')
@Controller('user')
export class AdminClientsController {
  constructor(private readonly listClients: ListClientsUseCase) {}

  @Post('getAll')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiOkResponse({
    description:
      '{ success: true, data: [{ userId, name, email, phone, country, createdAt, subscriptions: { total, active, completed } }], meta: { total, page, lastPage } } (newest first). ' +
      "total is exact without search; with search, exact up to 1,000 matches and the database's estimate above. " +
      'cursors: { next, prev }: send next as after (with page + 1) for the next page, prev as before (with page - 1) for the previous one; null at the ends.',
  })
  @ApiBadRequestResponse({ description: 'The message names the field: page, limit, search or after/before.' })
  async getAll(@CurrentPrincipal() caller: Principal, @Body() body: ClientListRequest) {
    return clientPageBody(await this.listClients.execute(caller, body));
  }
}

function clientPageBody(page: ClientPage): ApiSuccess<ClientsAnswer> {
  return {
    success: true as const,
    data: page.items.map((client) => ({
      userId: client.userId,
      // Stored before names were kept without bidi controls, a row may still hold them (docs/security.md#text-entered-by-customers).
      name: withoutBidiControls(client.name),
      email: client.email,
      phone: client.phone,
      country: client.countryName,
      createdAt: client.createdAt.toISOString(),
      subscriptions: { total: client.subscriptions.total, active: client.subscriptions.active, completed: client.subscriptions.completed },
    })),
    meta: { total: page.meta.total, page: page.meta.page, lastPage: page.meta.lastPage },
    cursors: { next: page.cursors.next, prev: page.cursors.prev },
  };
}
