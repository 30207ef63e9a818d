// What each domain event makes stale, written once (issue 27 item 6). The live channel
// (`live.ts`) invalidates these tags when the server streams an event, and every write
// endpoint (`build.mutation`) declares the events its success stands for with
// `invalidatesOn` — so the page that wrote and every other open console refresh the same
// reads (the team page and the allocation page refreshed different tags after one
// assignment).
import type { StreamedEvent } from '../contracts/events';
import { API_TAG_TYPES, type ApiTag } from './rtk';

/**
 * Changes the server does not stream (yet): only the page that wrote learns of them, from its
 * mutation. Named like the streamed ones, so a future live event keeps its tags.
 */
export type WriteEvent =
  /** A team was created (the step form's draft, a copy). */
  | { type: 'team.created'; teamId: number }
  /** A team's fields, itinerary or feedback changed. */
  | { type: 'team.updated'; teamId: number }
  /** An itinerary template was kept or deleted. */
  | { type: 'team.template.changed' }
  /** Teams or guides changed under an allocation plan (it was refused as stale). */
  | { type: 'allocation.changed' }
  /** The allocation rules (weights, limits) were saved: every score shown changes. */
  | { type: 'allocation.rules.changed' }
  /** A guide was created (the drawer; an import refreshes the list itself). */
  | { type: 'guide.created'; guideId: number }
  /** A guide's fields changed, or its status (active, suspended, inactive) with a reason. */
  | { type: 'guide.updated'; guideId: number }
  | { type: 'guide.status.changed'; guideId: number }
  /** A guide's unavailability period (leave, sick day …) was added or removed. */
  | { type: 'guide.unavailability.changed'; guideId: number }
  /** A spot was created (the maintenance form; an import refreshes the list itself). */
  | { type: 'scenic.spot.created'; spotId: number }
  /** A spot's fields changed (the maintenance form). */
  | { type: 'scenic.spot.updated'; spotId: number }
  /** A spot was deleted (one that teams plan to visit is refused). */
  | { type: 'scenic.spot.deleted'; spotId: number }
  /**
   * A maintenance window was added, moved or removed. One that comes into force or leaves it
   * with the write is also streamed (`scenic.maintenance.started` / `ended`).
   */
  | { type: 'scenic.window.changed'; spotId: number }
  /** A spot's gate key was created or revoked. */
  | { type: 'scenic.gateKey.changed'; spotId: number }
  /** A spreadsheet import added or changed rows of a list. */
  | { type: 'guide.imported' }
  | { type: 'scenic.spot.imported' }
  | { type: 'system.user.imported' }
  /**
   * A user account was created, edited, enabled or disabled, unlocked, had its password reset,
   * a session revoked, or was deleted (the system section's users page).
   */
  | { type: 'system.user.changed'; userId: number }
  /** A role was created, edited or deleted: the roles list and the users' role names. */
  | { type: 'system.role.changed' }
  /** A dictionary item was added, edited, reordered or deleted in `category`. */
  | { type: 'dictionary.changed'; category: string }
  /** The system configuration was saved (its effects reach the site and the jobs at once). */
  | { type: 'system.config.changed' }
  /** A backup was taken, uploaded or deleted. */
  | { type: 'backup.changed' }
  /** A backup was restored: every record may differ. */
  | { type: 'backup.restored' }
  /** The audit chain was verified (the verification is itself recorded). */
  | { type: 'audit.verified' }
  /** The user's own profile (name, contact, avatar) was saved. */
  | { type: 'profile.updated' }
  /** The user's own password changed or their other sessions were signed out. */
  | { type: 'own.sessions.changed' }
  /** A certification was submitted or withdrawn. */
  | { type: 'certification.changed' }
  /** Messages were marked read (some, or all of a type). */
  | { type: 'message.read' }
  /** An announcement was published (the server also streams `message.created`). */
  | { type: 'message.published' }
  /**
   * A section's pin or canary changed (pin, rollback, canary start, widen, promote, abort) or
   * an environment was created: the section versions page's reads.
   */
  | { type: 'section.versions.changed' };

/** Every event a cached read can go stale by: streamed by the server, or a page's own write. */
export type DomainEvent = StreamedEvent | WriteEvent;

/** The lists a team appears in: the team lists, the allocation page, the workplace figures. */
const TEAM_LISTS: ApiTag[] = [
  { type: 'Team', id: 'LIST' },
  { type: 'Allocation', id: 'ALL' },
  { type: 'Dashboard', id: 'WORKPLACE' },
];

/** One team changed: the team, its operation log (the write's audit row) and its lists. */
const teamTags = (teamId: number): ApiTag[] => [
  { type: 'Team', id: teamId },
  { type: 'TeamLog', id: teamId },
  ...TEAM_LISTS,
];

/** The cached reads an event makes stale. Sections may listen for more with `useLiveEvents`. */
export function tagsForEvent(event: DomainEvent): ApiTag[] {
  switch (event.type) {
    case 'message.created':
      // The workplace lists the announcements.
      return [
        'UnreadCounts',
        { type: 'Message', id: 'LIST' },
        { type: 'Dashboard', id: 'WORKPLACE' },
      ];
    case 'scenic.load.changed':
    case 'scenic.load.crossed':
      return [
        { type: 'ScenicSpot', id: event.spotId },
        { type: 'ScenicSpot', id: 'LIST' },
        { type: 'ScenicLoad', id: event.spotId },
      ];
    case 'scenic.maintenance.started':
    case 'scenic.maintenance.ended':
      return [
        { type: 'ScenicSpot', id: event.spotId },
        { type: 'ScenicSpot', id: 'LIST' },
        { type: 'ScenicWindow', id: event.spotId },
        { type: 'ScenicLoad', id: event.spotId },
        { type: 'Dashboard', id: 'WORKPLACE' },
      ];
    case 'team.assignment.made':
    case 'team.assignment.removed':
      // Guides' on-duty state follows their assignments, and the team shows its guides; the
      // allocation page's waiting list, candidates and board follow both.
      return [
        ...teamTags(event.teamId),
        { type: 'Guide', id: event.guideId },
        { type: 'Guide', id: 'LIST' },
      ];
    case 'team.status.changed':
    case 'team.updated':
      // The spots' day capacity counts the teams' itineraries (a cancelled team leaves it).
      return [...teamTags(event.teamId), { type: 'TeamCapacity', id: 'ALL' }];
    case 'team.created':
      return [...TEAM_LISTS, { type: 'TeamCapacity', id: 'ALL' }];
    case 'team.template.changed':
      return [{ type: 'TeamTemplate', id: 'LIST' }];
    case 'allocation.changed':
      return [
        { type: 'Allocation', id: 'ALL' },
        { type: 'Team', id: 'LIST' },
        { type: 'Guide', id: 'LIST' },
      ];
    case 'allocation.rules.changed':
      return [
        { type: 'AllocationRules', id: 'ALL' },
        { type: 'Allocation', id: 'ALL' },
      ];
    case 'guide.created':
    case 'guide.updated':
    case 'guide.status.changed':
      // The guide, its history (the write's audit row) and the lists it is in; the allocation
      // page's reads (waiting teams, candidates, the board) are tagged with the guide list.
      return [
        { type: 'Guide', id: event.guideId },
        { type: 'GuideAudit', id: event.guideId },
        { type: 'Guide', id: 'LIST' },
      ];
    case 'guide.unavailability.changed':
      // Every month of the guide's calendar, its history, and the lists: a guide on leave is
      // shown unavailable there and is no candidate on those days.
      return [
        { type: 'GuideUnavailability', id: event.guideId },
        { type: 'GuideAudit', id: event.guideId },
        { type: 'Guide', id: 'LIST' },
      ];
    case 'scenic.spot.created':
      // The lists only: the mutation caches the answer as the new spot's read, and invalidating
      // it would drop that before the page opens it (a spinner, the form created again).
      return [{ type: 'ScenicSpot', id: 'LIST' }];
    case 'scenic.spot.updated':
      // The load series and the teams' day capacity read the spot's capacities.
      return [
        { type: 'ScenicSpot', id: event.spotId },
        { type: 'ScenicSpot', id: 'LIST' },
        { type: 'ScenicLoad', id: event.spotId },
        { type: 'TeamCapacity', id: 'ALL' },
      ];
    case 'scenic.spot.deleted':
      // A spot that teams plan to visit is not deleted: no team's capacity changes.
      return [
        { type: 'ScenicSpot', id: event.spotId },
        { type: 'ScenicSpot', id: 'LIST' },
        { type: 'ScenicLoad', id: event.spotId },
      ];
    case 'scenic.window.changed':
      // A window reduces the spot's capacity on its days: the spot's derived status and
      // capacity in force, its load, and the teams' day capacity (a closed day refuses plans).
      return [
        { type: 'ScenicWindow', id: event.spotId },
        { type: 'ScenicSpot', id: event.spotId },
        { type: 'ScenicSpot', id: 'LIST' },
        { type: 'ScenicLoad', id: event.spotId },
        { type: 'TeamCapacity', id: 'ALL' },
      ];
    case 'scenic.gateKey.changed':
      return [{ type: 'ScenicGateKey', id: event.spotId }];
    case 'guide.imported':
      return [{ type: 'Guide', id: 'LIST' }];
    case 'scenic.spot.imported':
      // New spots' capacities count in the teams' day capacity.
      return [
        { type: 'ScenicSpot', id: 'LIST' },
        { type: 'TeamCapacity', id: 'ALL' },
      ];
    case 'system.user.imported':
      // Roles carry their user counts.
      return [
        { type: 'SystemUser', id: 'LIST' },
        { type: 'SystemRole', id: 'LIST' },
      ];
    case 'system.user.changed':
      // The user lists, the user's sessions, the roles' user counts and the log (its audit row).
      return [
        { type: 'SystemUser', id: 'LIST' },
        { type: 'SystemUser', id: `sessions-${event.userId}` },
        { type: 'SystemRole', id: 'LIST' },
        { type: 'Audit', id: 'LIST' },
      ];
    case 'system.role.changed':
      // The users list shows role names.
      return [
        { type: 'SystemRole', id: 'LIST' },
        { type: 'SystemUser', id: 'LIST' },
        { type: 'Audit', id: 'LIST' },
      ];
    case 'dictionary.changed':
      // Every select that reads the dictionary (its public and admin reads are one tag type).
      return ['Dictionary', { type: 'Audit', id: 'LIST' }];
    case 'system.config.changed':
      return [
        { type: 'SystemConfig', id: 'ALL' },
        { type: 'Audit', id: 'LIST' },
      ];
    case 'backup.changed':
      return [
        { type: 'Backup', id: 'LIST' },
        { type: 'Audit', id: 'LIST' },
      ];
    case 'audit.verified':
      return [{ type: 'Audit', id: 'LIST' }];
    case 'profile.updated':
      // The user centre and the user's activity (the save's audit row).
      return ['Profile', 'Activity'];
    case 'own.sessions.changed':
      return ['Session', 'Activity'];
    case 'certification.changed':
      return ['Certification', 'Activity'];
    case 'message.read':
      return ['UnreadCounts', { type: 'Message', id: 'LIST' }];
    case 'message.published':
      return [
        'UnreadCounts',
        { type: 'Message', id: 'LIST' },
        { type: 'Dashboard', id: 'WORKPLACE' },
      ];
    case 'section.versions.changed':
      return ['SectionVersions'];
    case 'chat.message.created':
      return [];
    case 'backup.restored':
    case 'resync':
      // Events were missed, or a restore replaced every record: every cached read may be stale.
      return [...API_TAG_TYPES];
  }
}

const tagKey = (tag: ApiTag) => (typeof tag === 'string' ? tag : `${tag.type}:${tag.id ?? ''}`);

/** The tags of several events, each once (a plan's commit, a replacement). */
export function tagsForEvents(events: readonly DomainEvent[]): ApiTag[] {
  const seen = new Map<string, ApiTag>();
  for (const event of events) for (const tag of tagsForEvent(event)) seen.set(tagKey(tag), tag);
  return [...seen.values()];
}

/**
 * Whether a refusal says the rows the page showed are out of date (a stale version; a row now
 * in use): a write refused so reads them again (`invalidatesOn`'s error arm); any other refusal
 * (a field refused) leaves the cache alone.
 */
export const refusedAsStale = (
  error: { code?: string },
  codes: readonly string[] = ['STALE_VERSION'],
): boolean => error.code !== undefined && codes.includes(error.code);

/**
 * A mutation's `invalidatesTags`: the tags of the events its success stands for (`eventsOf`
 * reads them from the answer and the argument), and of `onError`'s when it failed (a refusal
 * that says the page is stale). A refusal otherwise leaves the cache as it was.
 */
export function invalidatesOn<Result, Arg, Err = unknown>(
  eventsOf: (result: Result, arg: Arg) => readonly DomainEvent[],
  onError?: (error: Err, arg: Arg) => readonly DomainEvent[],
) {
  return (result: Result | undefined, error: Err | undefined, arg: Arg): ApiTag[] => {
    if (error !== undefined) return onError ? tagsForEvents(onError(error, arg)) : [];
    return result === undefined ? [] : tagsForEvents(eventsOf(result, arg));
  };
}
