import { BadRequestException } from '@nestjs/common';
import { createValidationPipe } from '../../../../platform/http/validation.pipe';
import { GetPlanByNameRequest } from './get-plan-by-name.request';

const pipe = createValidationPipe();
const validate = (body: unknown) => pipe.transform(body, { type: 'body', metatype: GetPlanByNameRequest }) as Promise<GetPlanByNameRequest>;

async function messageOf(body: unknown): Promise<string> {
  try {
    await validate(body);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return String((error as BadRequestException).message);
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
}

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
