/** Types of throwaway-redis.js, the private redis-server of the specs that take Redis away (whole-system and backend specs). */

export interface ThrowawayRedis {
  port: number;
  /** redis://127.0.0.1:<port> */
  url: string;
  /** Stops the server (SIGKILL, like a crash); its data is gone. */
  stop(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  start(): Promise<void>;
}

/** The redis-server binary, or null when there is none. */
export function findRedisServer(): string | null;

/** Starts a redis-server on a free port of its own, keeping nothing on disk; the caller stops it. */
export function startThrowawayRedis(): Promise<ThrowawayRedis>;
