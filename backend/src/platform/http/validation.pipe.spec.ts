import { BadRequestException } from '@nestjs/common';
import { IsString } from 'class-validator';
import { createValidationPipe, inputProblem, MAX_INPUT_DEPTH } from './validation.pipe';

class NameRequest {
  @IsString()
  name: string;
}

function nested(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i += 1) value = [value];
  return value;
}

describe('inputProblem', () => {
  it.each([
    ['\u0000', 'NUL'],
    ['\u0001', 'SOH'],
    ['\u0008', 'backspace'],
    ['\u000b', 'vertical tab'],
    ['\u000c', 'form feed'],
    ['\u001b', 'escape'],
    ['\u001f', 'unit separator'],
    ['\u007f', 'DEL'],
  ])('refuses %j (%s) and names the field', (char) => {
    expect(inputProblem({ email: `a${char}@example.com` }, undefined, 'body')).toBe('email must not contain control characters');
  });

  it('allows tab, line feed and carriage return, and any other Unicode text', () => {
    expect(inputProblem({ message: 'one\r\n\ttwo', name: 'Zoë 🚀 «ü» \u00a0\u2028' }, undefined, 'body')).toBeNull();
  });

  it('names nested fields by their path, the parameter by its own name, and the whole input otherwise', () => {
    expect(inputProblem({ items: [{ key: 'ok' }, { key: 'b\u0000' }] }, undefined, 'body')).toBe('items.1.key must not contain control characters');
    expect(inputProblem('faqs\u0000', 'slug', 'param')).toBe('slug must not contain control characters');
    expect(inputProblem('a\u0000', undefined, 'body')).toBe('The request body must not contain control characters');
    expect(inputProblem({ tags: ['a', 'b\u0007'] }, undefined, 'query')).toBe('tags.1 must not contain control characters');
  });

  it('reports the first offending field in document order', () => {
    expect(inputProblem({ a: 'ok', b: 'x\u0000', c: 'y\u0000' }, undefined, 'body')).toBe('b must not contain control characters');
  });

  it('refuses field names with control characters', () => {
    expect(inputProblem({ ['na\u0000me']: 'x' }, undefined, 'body')).toBe('Field names must not contain control characters.');
  });

  it(`allows ${MAX_INPUT_DEPTH} levels of nesting and refuses one more`, () => {
    expect(inputProblem(nested(MAX_INPUT_DEPTH), undefined, 'body')).toBeNull();
    expect(inputProblem(nested(MAX_INPUT_DEPTH + 1), undefined, 'body')).toBe('The request body is nested too deeply.');
    expect(inputProblem({ a: { b: nested(MAX_INPUT_DEPTH - 1) } }, undefined, 'body')).toBe('The request body is nested too deeply.');
  });

  it('walks a million levels without overflowing its own stack', () => {
    let value: unknown = 'x';
    for (let i = 0; i < 1_000_000; i += 1) value = { a: value };
    expect(inputProblem(value, undefined, 'body')).toBe('The request body is nested too deeply.');
  });

  it('ignores numbers, booleans, null and non-plain objects', () => {
    expect(inputProblem({ n: 1, b: true, z: null, d: new Date(0), buf: Buffer.from([0]) }, undefined, 'body')).toBeNull();
  });
});

describe('the global validation pipe', () => {
  const pipe = createValidationPipe();

  it('refuses control characters in body, query and path parameters before class-validator', async () => {
    await expect(pipe.transform({ name: 'a\u0000' }, { type: 'body', metatype: NameRequest })).rejects.toThrow(
      new BadRequestException('name must not contain control characters'),
    );
    await expect(pipe.transform({ search: '\u0000' }, { type: 'query', metatype: Object })).rejects.toThrow('search must not contain control characters');
    await expect(pipe.transform('\u0000', { type: 'param', metatype: String, data: 'slug' })).rejects.toThrow('slug must not contain control characters');
  });

  it('refuses a body nested too deeply instead of overflowing class-transformer', async () => {
    await expect(pipe.transform({ name: nested(20_000) }, { type: 'body', metatype: NameRequest })).rejects.toThrow('The request body is nested too deeply.');
  });

  it('leaves custom decorators (the signed-in principal) alone and validates DTOs as before', async () => {
    await expect(pipe.transform({ id: '\u0000' }, { type: 'custom', metatype: Object })).resolves.toEqual({ id: '\u0000' });
    await expect(pipe.transform({ name: 42 }, { type: 'body', metatype: NameRequest })).rejects.toThrow('name must be a string');
    await expect(pipe.transform({ name: 'ok\tfine', extra: 1 }, { type: 'body', metatype: NameRequest })).resolves.toEqual({ name: 'ok\tfine' });
  });
});
