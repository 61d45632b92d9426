import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { notSignedIn } from './auth.errors';
import type { Principal } from './principal';

/**
 * Sessions ended one at a time (logging out), by the `jti` of their token, in the table
 * `ended_sessions` (migration 1764700000500). A row is kept only until the token would have expired
 * anyway; each logout sweeps the rows past that. "End every session of an account" is the token
 * version's job (SessionVersions), not this table's.
 *
 * The guard asks `isEnded` on every request, beside the token version, so it is one primary-key
 * read of a small table (only logged-out, unexpired sessions are in it), run at the same time as
 * the version read.
 */
@Injectable()
export class EndedSessions {
  constructor(private readonly dataSource: DataSource) {}

  async isEnded(sessionId: string): Promise<boolean> {
    const rows = (await this.dataSource.query('SELECT 1 FROM ended_sessions WHERE session_id = $1', [sessionId])) as unknown[];
    return rows.length > 0;
  }

  /** Ends the caller's own session (the token it called with); other sessions of the account go on. */
  async endCurrent(caller: Principal): Promise<void> {
    if (!caller.session) throw notSignedIn();
    await this.dataSource.query('DELETE FROM ended_sessions WHERE expires_at < now()');
    await this.dataSource.query('INSERT INTO ended_sessions (session_id, expires_at) VALUES ($1, $2) ON CONFLICT (session_id) DO NOTHING', [
      caller.session.id,
      caller.session.expiresAt,
    ]);
  }
}
