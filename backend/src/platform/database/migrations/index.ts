/**
 * Every migration, in order. Tables are created by these only (no `synchronize`); the same list runs
 * on PGlite and on PostgreSQL.
 */
export const migrations: Function[] = [];
