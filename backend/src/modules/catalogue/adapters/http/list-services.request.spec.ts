import { refusalOf, validated } from '../../../../../test/support/validation';
import { ListServicesRequest } from './list-services.request';

/** The query DTO through the app's own global validation pipe, as a request would meet it. */
const validate = validated(ListServicesRequest, 'query');
const messageOf = (query: Record<string, unknown>) => refusalOf(validate(query), `accepted ${JSON.stringify(query)}`);

describe('ListServicesRequest', () => {
  it('turns digit strings into numbers and leaves absent fields absent', async () => {
    await expect(validate({ page: '2', limit: '25', search: ' tik ' })).resolves.toMatchObject({ page: 2, limit: 25, search: ' tik ' });
    const empty = await validate({});
    expect(empty.page).toBeUndefined();
    expect(empty.limit).toBeUndefined();
  });

  it('accepts a limit above 100 (the use case clamps it)', async () => {
    await expect(validate({ limit: '1000' })).resolves.toMatchObject({ limit: 1000 });
  });

  it.each(['abc', '-1', '0', '1.5', '', '1e3', ' ', '99999999999999999999'])('refuses page=%j naming the field', async (value) => {
    expect(await messageOf({ page: value })).toBe('page must be a positive integer');
  });

  it.each(['abc', '-1', '0', '2.5'])('refuses limit=%j naming the field', async (value) => {
    expect(await messageOf({ limit: value })).toBe('limit must be a positive integer');
  });

  it('refuses a repeated parameter', async () => {
    expect(await messageOf({ page: ['1', '2'] })).toBe('page must be a positive integer');
    expect(await messageOf({ search: ['a', 'b'] })).toBe('search must be text');
  });

  it('refuses a search longer than 100 characters', async () => {
    expect(await messageOf({ search: 'x'.repeat(101) })).toBe('search must be at most 100 characters');
  });

  it('drops unknown parameters', async () => {
    await expect(validate({ page: '1', sort: 'x' })).resolves.not.toHaveProperty('sort');
  });
});
