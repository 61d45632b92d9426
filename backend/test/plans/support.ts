import request from 'supertest';
import type { TestApp } from '../support/app';

/** POST /api/plan/getByName with this body as JSON: how the pricing page asks for a plan by its name. */
export function postPlanByName(t: TestApp, body: unknown): request.Test {
  return request(t.app.getHttpServer())
    .post('/api/plan/getByName')
    .send(body as object);
}
