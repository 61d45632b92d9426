import { refusalOf, validated } from '../../../../../test/support/validation';
import { GetPlanByNameRequest } from './get-plan-by-name.request';

const validate = validated(GetPlanByNameRequest);
const messageOf = (body: unknown) => refusalOf(validate(body), `accepted ${JSON.stringify(body)}`);

describe('GetPlanByNameRequest', () => {
  it('accepts a name and trims it', async () => {
    await expect(validate({ name: '  YouTube ' })).resolves.toMatchObject({ name: 'YouTube' });
  });

  it.each([
    [{}, 'name is required'],
    [{ name: null }, 'name is required'],
    [{ name: '' }, 'name is required'],
    [{ name: '   ' }, 'name is required'],
    [{ name: 42 }, 'name must be text'],
    [{ name: ['youtube'] }, 'name must be text'],
    [{ name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
  ])('refuses %j: %s', async (body, message) => {
    expect(await messageOf(body)).toBe(message);
  });
});
