// The sessions the session plugin resolved, kept for a moment. Every API request resolves its
// cookie to a session, its user and the active role's permissions; a page fires several
// requests at once and a busy console many a second, and that lookup was one database round
// trip of every request (a third of the statements under the bench's load).
//
// How fresh a kept session is:
// - `session.changed` (signed out, role switched or edited, password changed or reset, user
//   disabled, edited or removed, a session revoked or rotated at sign-in), from this instance or,
//   on PostgreSQL, from another one, drops every kept session: the next request reads anew;
// - a lost cross-instance connection (events may have been missed) drops them too;
// - whatever changes sessions without an event (a backup restored, a hand edit of the
//   database) shows within SESSION_CACHE_MAX_AGE_MS;
// - a session that looks expired or refused is read again before the plugin acts on it.
// A token that matches no session is never kept (a guessing client fills nothing).
import type { LiveEvent } from '@console/shared';
import { setBounded } from '../lib/bounded-map';

/** The longest a session is used without having been read from the database. */
export const SESSION_CACHE_MAX_AGE_MS = 2_000;
/** Sessions kept at most; the one read from the database longest ago goes first. */
const MAX_ENTRIES = 10_000;

interface Entry<R> {
  row: R;
  /** Clock time when its read started. */
  at: number;
  generation: number;
}

export class SessionCache<R> {
  private readonly entries = new Map<string, Entry<R>>();
  private readonly loading = new Map<
    string,
    { generation: number; promise: Promise<R | undefined> }
  >();
  /** Bumped by every dropping event: a read started before it is not kept. */
  private generation = 0;

  constructor(
    private readonly load: (tokenHash: string) => Promise<R | undefined>,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = SESSION_CACHE_MAX_AGE_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** Feed of live events (subscribed by the session plugin). */
  onEvent(event: LiveEvent): void {
    if (event.type === 'session.changed') this.clear();
  }

  /** Forgets every kept session, and every read in flight. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  /** The session of `tokenHash`: kept, or read (one read for concurrent requests). */
  get(tokenHash: string): Promise<R | undefined> {
    const entry = this.entries.get(tokenHash);
    if (entry && entry.generation === this.generation) {
      const age = this.now() - entry.at;
      // (A negative age is a clock set back: not trusted either.)
      if (age >= 0 && age <= this.maxAgeMs) return Promise.resolve(entry.row);
    }
    return this.read(tokenHash);
  }

  /** The session as the database has it now (after a kept one looked expired or refused). */
  reload(tokenHash: string): Promise<R | undefined> {
    this.entries.delete(tokenHash);
    const pending = this.loading.get(tokenHash);
    if (pending) this.loading.delete(tokenHash);
    return this.read(tokenHash);
  }

  /** Forgets one session (deleted). */
  forget(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Changes what is kept of a session (its last-seen time after the plugin wrote it). */
  update(tokenHash: string, change: (row: R) => R): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.row = change(entry.row);
  }

  /** How many sessions are kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  private read(tokenHash: string): Promise<R | undefined> {
    const pending = this.loading.get(tokenHash);
    if (pending && pending.generation === this.generation) return pending.promise;
    const generation = this.generation;
    const at = this.now();
    const settle = () => {
      if (this.loading.get(tokenHash)?.promise === promise) this.loading.delete(tokenHash);
    };
    const promise = this.load(tokenHash).then(
      (row) => {
        settle();
        if (row !== undefined && generation === this.generation) this.keep(tokenHash, row, at);
        return row;
      },
      (err: unknown) => {
        settle();
        throw err;
      },
    );
    this.loading.set(tokenHash, { generation, promise });
    return promise;
  }

  private keep(tokenHash: string, row: R, at: number) {
    setBounded(this.entries, tokenHash, { row, at, generation: this.generation }, this.maxEntries);
  }
}
