/** Types of provider-stand-in.js, a local "API v2" provider panel for specs and the bench. */

/** One entry of `services`, in the mixed shapes panels send (ids, rates, min and max as text or numbers). */
export interface StandInService {
  service: number | string;
  name: string;
  type: string;
  category: string;
  rate: string | number;
  min: string | number;
  max: string | number;
  refill: boolean;
  cancel: boolean;
}

/** An order the stand-in holds; `status` answers these fields as they are (set numbers to send numbers). */
export interface StandInOrder {
  service: string;
  link: string;
  quantity: number;
  /** Any word: Pending, In progress, Completed, Partial, Canceled, Refunded, or one of a panel's own. */
  status: string;
  charge: string | number | null;
  start_count: string | number | null;
  /** May be negative: some panels overdeliver. */
  remains: string | number | null;
  currency: string;
}

/** A refill the stand-in holds; `refill_status` answers its `status` as it is. */
export interface StandInRefill {
  /** The order id it tops up. */
  order: string;
  /** Any word: Pending, In progress, Inprogress, Completed, Rejected, Canceled, or one of a panel's own. */
  status: string;
}

/** What the next call of an action does instead of its normal answer (see script()). */
export type StandInBehaviour =
  /** Does the work at once, answers normally after `slow` ms. */
  | { slow: number }
  /** `{error: text}` with HTTP 200; nothing done. */
  | { error: string }
  /** That HTTP status with an HTML page; nothing done. */
  | { http: number }
  /** HTTP 200 with a body that is not JSON; nothing done. */
  | { garbage: true }
  /** The connection is cut without an answer; nothing done. */
  | { hangUp: true }
  /** HTTP 200 with this JSON instead of the real answer; nothing done. */
  | { json: unknown }
  /** HTTP 307 to that address (a client that follows it sends its body, the key included, there); nothing done. */
  | { redirect: string }
  /** `status` answered as usual, but these ids' entries replaced by any JSON (a string, an array, hostile fields). */
  | { entries: Record<string, unknown> }
  /** `add` places the order as usual, but answers with this id (a panel that hands out one id twice). */
  | { answerId: string | number };

/** One call as received. */
export interface RecordedProviderRequest {
  action: string;
  /** Every parameter but `key` (form fields, or a JSON body's fields as text). */
  params: Record<string, string>;
  /** Whether the right key came with it. */
  keyOk: boolean;
}

export interface ProviderStandIn {
  /** The API v2 URL to set as PROVIDER_URL (http://127.0.0.1:<port>/api/v2). */
  url: string;
  /** The key it accepts (PROVIDER_KEY). */
  key: string;
  /** Every call received, in order. */
  requests: RecordedProviderRequest[];
  /** The `services` answer; edit it freely. */
  services: StandInService[];
  /** Orders by id (as text). */
  orders: Map<string, StandInOrder>;
  /** Refills by id (as text). */
  refills: Map<string, StandInRefill>;
  /** Refill ids (as text) that make any `refill_status` call carrying them answer an error for the whole call (a panel that crashes on one id). */
  poisonedRefills: Set<string>;
  /** false: a panel without the refill action (`refill`, `refill_status` answer `{error: noRefillError}`). Default true. */
  refillSupport: boolean;
  /** What a panel without refills answers (default 'Incorrect request'; some say 'Request Invalid'). */
  noRefillError: string;
  /** How many `refill` calls reached the stand-in (whatever their outcome). */
  refillCount(): number;
  /** Changes a refill (creating it when the id is new) and returns it. */
  setRefill(id: string | number, patch: Partial<StandInRefill>): StandInRefill;
  /** The `balance` answer; edit it freely. */
  account: { balance: string; currency: string };
  /** Milliseconds every answer waits, like a real panel's round trip (default 0; the bench sets it). */
  latencyMs: number;
  /** How many `add` calls reached the stand-in (whatever their outcome). */
  addCount(): number;
  /** Changes an order (creating it with defaults when the id is new) and returns it. */
  setOrder(id: string | number, patch: Partial<StandInOrder>): StandInOrder;
  /** Makes the next call of `action` behave so (first in, first out; once per script() call). */
  script(action: 'services' | 'add' | 'status' | 'balance' | (string & {}), behaviour: StandInBehaviour): void;
  close(): Promise<void>;
}

/** The most ids one `status` call may carry. */
export const STATUS_BATCH: 100;

/** Starts the stand-in on 127.0.0.1 (a free port). `key` defaults to a random one. */
export function startProviderStandIn(options?: { key?: string }): Promise<ProviderStandIn>;
