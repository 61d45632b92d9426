import { type ArgumentMetadata, BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

/**
 * Control characters no text field takes: C0 controls and DEL, except tab, line feed and carriage
 * return (multi-line text such as the contact message needs them). NUL is among them, which
 * PostgreSQL refuses in text (it was a 500).
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Deepest nesting of objects and arrays accepted in a request body (the body itself is level 1). */
export const MAX_INPUT_DEPTH = 32;

const WHOLE: Record<string, string> = { body: 'The request body', query: 'The query string', param: 'The path' };

interface Node {
  value: unknown;
  depth: number;
  parent: Node | null;
  key: string;
}

function pathOf(node: Node): string {
  const keys: string[] = [];
  for (let n: Node | null = node; n; n = n.parent) if (n.key) keys.push(n.key);
  return keys.reverse().join('.');
}

function isContainer(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * What is wrong with raw input (a parsed JSON body, a query object, a path parameter) before any
 * DTO sees it, or null: nesting deeper than MAX_INPUT_DEPTH, a control character in a text value or
 * a field name. `name` is the parameter's own name when the handler asked for one field
 * (`@Param('slug')`); `where` names the whole input otherwise.
 *
 * Iterative, not recursive: the point is to refuse the 20,000-level body that overflows the stack
 * of class-transformer, without overflowing ours. Walks in document order, so the first offending
 * field is the one named.
 */
export function inputProblem(value: unknown, name: string | undefined, where: string): string | null {
  const stack: Node[] = [{ value, depth: 0, parent: null, key: name ?? '' }];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const current = node.value;
    if (typeof current === 'string') {
      if (CONTROL_CHARACTERS.test(current)) return `${pathOf(node) || WHOLE[where] || 'The input'} must not contain control characters`;
      continue;
    }
    if (!isContainer(current)) continue;
    const depth = node.depth + 1;
    if (depth > MAX_INPUT_DEPTH) return `${WHOLE[where] ?? 'The input'} is nested too deeply.`;
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i];
      if (CONTROL_CHARACTERS.test(key)) return 'Field names must not contain control characters.';
      stack.push({ value: (current as Record<string, unknown>)[key], depth, parent: node, key });
    }
  }
  return null;
}

/** Every message of a failed validation, nested fields named by their path ("items.0.key ..."). */
function messages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) => (parent ? text.replace(new RegExp(`^${error.property}\\b`), path) : text));
    return [...own, ...messages(error.children ?? [], path)];
  });
}

/**
 * The global validation pipe. First, for every body, query and path parameter a handler takes, the
 * raw input is checked once for everyone (inputProblem): too deep, or a control character in any
 * text field, is a 400 before class-transformer runs. Then DTOs are checked with class-validator,
 * unknown fields are dropped, and a failure is a 400 whose message names the field ("limit must not
 * be greater than 100").
 * Handlers that read the raw request instead (the payment webhook's signed bytes, Razorpay's form
 * callback) take no input through pipes and judge their provider's payload themselves.
 */
class InputValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      const problem = inputProblem(value, metadata.data, metadata.type);
      if (problem) throw new BadRequestException(problem);
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new InputValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(messages(errors).join('; ') || 'The request is not valid.'),
  });
}
