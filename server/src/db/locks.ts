// Keys of PostgreSQL advisory locks, in one place so two jobs (or a job and the audit chain)
// never share one by accident. (Spot-day capacity locks of the team itinerary use the two-key
// form, pg_advisory_xact_lock(spot, day), a separate key space: modules/team/capacity.ts.)
export enum LockKey {
  /** Orders writers of the audit hash chain (modules/audit/queries.ts). */
  AuditChain = 728101,
  /** Background jobs (server/src/jobs/): one instance runs each at a time. */
  LicenceReminder = 728107,
  Purge = 728108,
  /** The operation log's retention purge (jobs/audit-retention.ts). */
  AuditRetention = 728121,
  /** Backups and restores (modules/backup/): one at a time across instances. */
  Backup = 728150,
  /** The team start/finish job (allocated → ongoing → completed). */
  TeamStartFinish = 728111,
  /** The todo for pending teams starting within 48 hours. */
  TeamPendingReminder = 728112,
  /** Live events of maintenance windows starting or ending by the clock. */
  MaintenanceEvents = 728109,
  /** Purge of allocation plans past their time to live (jobs/allocation-plan-purge.ts). */
  AllocationPlanPurge = 728113,
  /** Retention of sessions served and browser reports per section version (issue 30). */
  SectionHealthPurge = 728114,
}
