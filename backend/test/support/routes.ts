import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { TestApp } from './app';

/** Every route handler Nest registered, as `METHOD /api/path` (path parameters as `:name`), with its controller. */
function* handlers(t: TestApp): Generator<{ route: string; handler: Function; controller: Function }> {
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        const full = ['api', base, path]
          .map((part) => part.replace(/^\/+|\/+$/g, ''))
          .filter(Boolean)
          .join('/');
        yield { route: `${RequestMethod[method]} /${full}`, handler, controller };
      }
    }
  }
}

/** Every route Nest registered: `METHOD /api/path` (path parameters as `:name`). */
export function routesOf(t: TestApp): string[] {
  return [...handlers(t)].map(({ route }) => route).sort();
}

/**
 * The routes behind `@Authenticated(...)`, each with the roles it names (empty: any signed-in
 * caller), read from the same metadata the guard reads.
 */
export function authenticatedRoutes(t: TestApp): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { route, handler, controller } of handlers(t)) {
    const roles = (Reflect.getMetadata('auth:roles', handler) ?? Reflect.getMetadata('auth:roles', controller)) as string[] | undefined;
    if (roles) found.set(route, roles);
  }
  return found;
}
