// @ts-check
/**
 * A local stand-in for an upstream provider panel speaking "API v2", for the backend's specs, the
 * browser specs and the bench (plain CommonJS like system.js, so all three use it; its types for
 * TypeScript are in provider-stand-in.d.ts).
 *
 * It speaks what the panels speak: one URL, a POST (form-encoded; JSON is accepted too) with `key`
 * and `action`, JSON answers, errors as `{error: "…"}` with HTTP 200:
 * - `services` → the `services` list (editable);
 * - `add` {service, link, quantity} → `{order: <int>}`, with the order kept in `orders`
 *   (status 'Pending', charge = rate × quantity / 1000, start_count '0', remains = quantity);
 * - `status` {order} → `{charge, start_count, status, remains, currency}`; `status` {orders: '1,2,3'}
 *   (at most 100) → a map of those by id, `{error: 'Incorrect order ID'}` for an id it does not know;
 * - `balance` → `{balance: '123.4500', currency: 'USD'}` (from `account`, editable);
 * - `refill` {order} → `{refill: '<id>'}` (a refill kept in `refills`, status 'Pending'), or
 *   `{error: 'Incorrect order ID'}` / `{error: 'Refill is disabled for this service'}` (its service has
 *   `refill: false`); `refill` {orders: '1,2,3'} → `[{order: 1, refill: 1}, {order: 3, refill: {error}}]`;
 * - `refill_status` {refill} → `{status}`; {refills: '1,2'} (at most 100) →
 *   `[{refill: 1, status: 'Completed'}, {refill: 2, status: {error: 'Refill not found'}}]`;
 * - a refill id in `poisonedRefills` makes every `refill_status` call that carries it (alone or among
 *   others) answer `{error: 'SQLSTATE[22P02]: invalid input syntax …'}` for the whole call: a panel
 *   that crashes on one id (docs/refill.md, "Following");
 * - with `refillSupport = false` a panel without the refill action: `refill` and `refill_status`
 *   answer `{error: noRefillError}` ('Incorrect request' by default; some panels say 'Request Invalid');
 * - a wrong key → `{error: 'Invalid API key'}`; an unknown action → `{error: 'Incorrect request'}`.
 *
 * `script(action, behaviour)` makes the next call of that action (first in, first out, once per
 * script() call) misbehave: `{slow: ms}` (does the work at once, answers after ms: a client that
 * gives up earlier never learns the order it placed), `{error: 'text'}`, `{http: 500}`,
 * `{garbage: true}` (HTTP 200, not JSON), `{hangUp: true}` (the connection is cut, nothing done) or
 * `{json: value}` (HTTP 200 with that JSON instead of the real answer, for answers of the wrong shape).
 * For a hostile panel: `{entries: {id: value}}` answers `status` as usual but with those ids' entries
 * replaced by any JSON (one order of a real batch misbehaves), and `{answerId: id}` makes `add` place
 * the order as usual but answer with that id (a panel that hands out one id twice).
 */
const http = require('node:http');
const crypto = require('node:crypto');

/** @typedef {import('./provider-stand-in').StandInService} StandInService */
/** @typedef {import('./provider-stand-in').StandInOrder} StandInOrder */
/** @typedef {import('./provider-stand-in').StandInBehaviour} StandInBehaviour */
/** @typedef {import('./provider-stand-in').StandInRefill} StandInRefill */
/** @typedef {import('./provider-stand-in').RecordedProviderRequest} RecordedProviderRequest */
/** @typedef {import('./provider-stand-in').ProviderStandIn} ProviderStandIn */

/** API v2's limit on the ids of one `status` call. */
const STATUS_BATCH = 100;
/** Requests larger than this are cut off (a status call of 100 ids is about 1 kB). */
const MAX_BODY_BYTES = 1_000_000;

/**
 * Services in the mixed shapes real panels send: ids as numbers, rates, min and max as text or numbers.
 * @returns {StandInService[]}
 */
function defaultServices() {
  return [
    { service: 1, name: 'Instagram Followers [Real]', type: 'Default', category: 'Instagram', rate: '0.90', min: '50', max: '10000', refill: true, cancel: true },
    { service: 2, name: 'Instagram Likes', type: 'Default', category: 'Instagram', rate: '0.15', min: 10, max: 100000, refill: false, cancel: false },
    { service: 3, name: 'YouTube Views', type: 'Default', category: 'YouTube', rate: 1.2, min: '100', max: '1000000', refill: false, cancel: true },
  ];
}

/**
 * charge = rate × quantity / 1000, as the decimal text panels send (5 places), without float error.
 * @param {string | number} rate
 * @param {number} quantity
 */
function chargeFor(rate, quantity) {
  const [whole, fraction = ''] = String(rate).split('.');
  const scale = 10n ** BigInt(fraction.length);
  const hundredThousandths = (BigInt(whole + fraction) * BigInt(quantity) * 100000n) / (scale * 1000n);
  const text = hundredThousandths.toString().padStart(6, '0');
  return `${text.slice(0, -5)}.${text.slice(-5)}`;
}

/**
 * @param {{ key?: string }} [options]
 * @returns {Promise<ProviderStandIn>}
 */
async function startProviderStandIn(options = {}) {
  const key = options.key ?? `stand-in-key-${crypto.randomBytes(12).toString('hex')}`;
  /** @type {RecordedProviderRequest[]} */
  const requests = [];
  /** @type {StandInService[]} */
  const services = defaultServices();
  /** @type {Map<string, StandInOrder>} */
  const orders = new Map();
  const account = { balance: '123.4500', currency: 'USD' };
  /** @type {Map<string, StandInBehaviour[]>} */
  const scripts = new Map();
  /** @type {Set<NodeJS.Timeout>} */
  const timers = new Set();
  const tuning = { latencyMs: 0, refillSupport: true, noRefillError: 'Incorrect request' };
  /** @type {Map<string, StandInRefill>} */
  const refills = new Map();
  /** @type {Set<string>} */
  const poisonedRefills = new Set();
  let nextOrder = 1001;
  let nextRefill = 1;
  let adds = 0;

  /**
   * @param {string} id
   * @param {Partial<StandInRefill>} patch
   * @returns {StandInRefill}
   */
  function setRefill(id, patch) {
    const name = String(id);
    let refill = refills.get(name);
    if (!refill) {
      refill = { order: '', status: 'Pending' };
      refills.set(name, refill);
      if (/^\d+$/.test(name) && Number(name) >= nextRefill) nextRefill = Number(name) + 1;
    }
    Object.assign(refill, patch);
    return refill;
  }

  /**
   * One order's refill asked: its id, or the panel's refusal.
   * @param {string} orderId
   * @returns {{ id: string } | { error: string }}
   */
  function refillOf(orderId) {
    const order = orders.get(orderId);
    if (!order) return { error: 'Incorrect order ID' };
    const service = services.find((s) => String(s.service) === order.service);
    if (service && !service.refill) return { error: 'Refill is disabled for this service' };
    const id = String(nextRefill++);
    refills.set(id, { order: orderId, status: 'Pending' });
    return { id };
  }

  /** @param {string} id */
  function refillStatusOf(id) {
    const refill = refills.get(id);
    return refill ? refill.status : { error: 'Refill not found' };
  }

  /** An id as panels write it in lists: a number when it is one. @param {string} id */
  const idValue = (id) => (/^\d+$/.test(id) ? Number(id) : id);

  /**
   * @param {string} id
   * @param {Partial<StandInOrder>} patch
   * @returns {StandInOrder}
   */
  function setOrder(id, patch) {
    const name = String(id);
    let order = orders.get(name);
    if (!order) {
      order = { service: '1', link: '', quantity: 1000, status: 'Pending', charge: '0.90000', start_count: '0', remains: '1000', currency: account.currency };
      orders.set(name, order);
      if (/^\d+$/.test(name) && Number(name) >= nextOrder) nextOrder = Number(name) + 1;
    }
    Object.assign(order, patch);
    return order;
  }

  /** @param {string} id */
  function statusOf(id) {
    const order = orders.get(id);
    if (!order) return { error: 'Incorrect order ID' };
    return { charge: order.charge, start_count: order.start_count, status: order.status, remains: order.remains, currency: order.currency };
  }

  /**
   * The real answer to one call (its side effects included).
   * @param {Record<string, string>} params
   * @returns {unknown}
   */
  function answer(params) {
    if (params.key !== key) return { error: 'Invalid API key' };
    switch (params.action) {
      case 'services':
        return services;
      case 'add': {
        const service = services.find((s) => String(s.service) === String(params.service ?? '').trim());
        if (!service) return { error: 'Incorrect service ID' };
        const link = (params.link ?? '').trim();
        if (!link) return { error: 'Incorrect link' };
        const quantity = Number(params.quantity);
        if (!Number.isInteger(quantity) || quantity < Number(service.min)) return { error: `Quantity less than minimal ${service.min}` };
        if (quantity > Number(service.max)) return { error: `Quantity more than maximum ${service.max}` };
        const id = String(nextOrder++);
        orders.set(id, {
          service: String(service.service),
          link,
          quantity,
          status: 'Pending',
          charge: chargeFor(service.rate, quantity),
          start_count: '0',
          remains: String(quantity),
          currency: account.currency,
        });
        return { order: Number(id) };
      }
      case 'status': {
        if (params.orders !== undefined) {
          const ids = params.orders
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean);
          if (ids.length > STATUS_BATCH) return { error: `Too many orders: at most ${STATUS_BATCH} per request` };
          // No prototype: an id such as `__proto__` or `constructor` is a key like any other.
          /** @type {Record<string, unknown>} */
          const map = Object.create(null);
          for (const id of ids) map[id] = statusOf(id);
          return map;
        }
        if (params.order !== undefined) return statusOf(params.order.trim());
        return { error: 'Incorrect order ID' };
      }
      case 'balance':
        return { balance: account.balance, currency: account.currency };
      case 'refill': {
        if (!tuning.refillSupport) return { error: tuning.noRefillError };
        if (params.orders !== undefined) {
          const ids = params.orders
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean);
          if (ids.length > STATUS_BATCH) return { error: `Too many orders: at most ${STATUS_BATCH} per request` };
          return ids.map((id) => {
            const asked = refillOf(id);
            return { order: idValue(id), refill: 'id' in asked ? idValue(asked.id) : { error: asked.error } };
          });
        }
        if (params.order === undefined) return { error: 'Incorrect order ID' };
        const asked = refillOf(params.order.trim());
        return 'id' in asked ? { refill: asked.id } : { error: asked.error };
      }
      case 'refill_status': {
        if (!tuning.refillSupport) return { error: tuning.noRefillError };
        if (params.refills !== undefined) {
          const ids = params.refills
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean);
          if (ids.length > STATUS_BATCH) return { error: `Too many refills: at most ${STATUS_BATCH} per request` };
          const poisoned = ids.find((id) => poisonedRefills.has(id));
          if (poisoned !== undefined) return { error: `SQLSTATE[22P02]: invalid input syntax for refill ${poisoned}` };
          return ids.map((id) => ({ refill: idValue(id), status: refillStatusOf(id) }));
        }
        if (params.refill !== undefined) {
          if (poisonedRefills.has(params.refill.trim())) return { error: `SQLSTATE[22P02]: invalid input syntax for refill ${params.refill.trim()}` };
          const status = refillStatusOf(params.refill.trim());
          return typeof status === 'string' ? { status } : status;
        }
        return { error: 'Refill not found' };
      }
      default:
        return { error: 'Incorrect request' };
    }
  }

  /**
   * @param {http.IncomingMessage} request
   * @param {string} body
   * @returns {Record<string, string>}
   */
  function paramsOf(request, body) {
    /** @type {Record<string, string>} */
    const params = Object.fromEntries(new URL(request.url ?? '/', 'http://stand-in').searchParams);
    if (/application\/json/i.test(request.headers['content-type'] ?? '')) {
      try {
        const parsed = JSON.parse(body);
        if (parsed && typeof parsed === 'object') {
          for (const [name, value] of Object.entries(parsed)) params[name] = Array.isArray(value) ? value.join(',') : String(value);
        }
      } catch {
        // Not JSON after all: no parameters, so a wrong key.
      }
    } else {
      for (const [name, value] of new URLSearchParams(body)) params[name] = value;
    }
    return params;
  }

  /**
   * @param {http.ServerResponse} response
   * @param {number} status
   * @param {string} text
   * @param {string} type
   */
  function send(response, status, text, type) {
    const write = () => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
      response.end(text);
    };
    if (tuning.latencyMs <= 0) return write();
    // A real panel's round trip (the bench sets it): every answer waits this long.
    const timer = setTimeout(() => {
      timers.delete(timer);
      write();
    }, tuning.latencyMs);
    timers.add(timer);
  }

  const server = http.createServer((request, response) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    request.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      const params = paramsOf(request, Buffer.concat(chunks).toString('utf8'));
      const action = params.action ?? '';
      const { key: sentKey, ...rest } = params;
      requests.push({ action, params: rest, keyOk: sentKey === key });
      if (action === 'add') adds++;
      const behaviour = scripts.get(action)?.shift();

      if (behaviour && 'hangUp' in behaviour) {
        request.socket.destroy();
        return;
      }
      if (behaviour && 'redirect' in behaviour) {
        response.writeHead(307, { location: behaviour.redirect, 'content-length': 0 });
        response.end();
        return;
      }
      if (behaviour && 'http' in behaviour) {
        send(response, behaviour.http, `<html><body><h1>${behaviour.http}</h1>The panel is having trouble.</body></html>`, 'text/html');
        return;
      }
      if (behaviour && 'garbage' in behaviour) {
        send(response, 200, '<br /><b>Warning</b>: mysqli_connect(): Too many connections in <b>/var/www/api.php</b>{"order', 'text/html');
        return;
      }
      if (behaviour && 'error' in behaviour) {
        send(response, 200, JSON.stringify({ error: behaviour.error }), 'application/json');
        return;
      }
      let text;
      try {
        let body = behaviour && 'json' in behaviour ? behaviour.json : answer(params);
        if (behaviour && 'entries' in behaviour && body && typeof body === 'object') {
          const map = Object.assign(Object.create(null), body);
          for (const [id, entry] of Object.entries(behaviour.entries)) map[id] = entry;
          body = map;
        }
        if (behaviour && 'answerId' in behaviour && body && typeof body === 'object' && 'order' in body) body = { order: behaviour.answerId };
        text = JSON.stringify(body);
      } catch (error) {
        // A bug of the stand-in (or of a test's edit of its data): say so rather than hang.
        send(response, 500, `provider stand-in failed: ${error instanceof Error ? error.stack : String(error)}`, 'text/plain');
        return;
      }
      if (behaviour && 'slow' in behaviour) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!response.destroyed) send(response, 200, text, 'application/json');
        }, behaviour.slow);
        timers.add(timer);
        return;
      }
      send(response, 200, text, 'application/json');
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());

  return {
    url: `http://127.0.0.1:${address.port}/api/v2`,
    key,
    requests,
    services,
    orders,
    refills,
    poisonedRefills,
    account,
    addCount: () => adds,
    refillCount: () => requests.filter((r) => r.action === 'refill').length,
    get refillSupport() {
      return tuning.refillSupport;
    },
    set refillSupport(on) {
      tuning.refillSupport = on;
    },
    get noRefillError() {
      return tuning.noRefillError;
    },
    set noRefillError(text) {
      tuning.noRefillError = text;
    },
    setRefill,
    get latencyMs() {
      return tuning.latencyMs;
    },
    set latencyMs(ms) {
      tuning.latencyMs = ms;
    },
    setOrder,
    script(action, behaviour) {
      const queue = scripts.get(action) ?? [];
      queue.push(behaviour);
      scripts.set(action, queue);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
    },
  };
}

module.exports = { startProviderStandIn, STATUS_BATCH };
