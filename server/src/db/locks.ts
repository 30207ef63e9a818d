// Keys of PostgreSQL advisory locks, in one place so two jobs (or a job and the audit chain)
// never share one by accident.
export enum LockKey {
  /** Orders writers of the audit hash chain (modules/audit/queries.ts). */
  AuditChain = 728101,
  /** Background jobs (server/src/jobs/): one instance runs each at a time. */
  LicenceReminder = 728107,
  Purge = 728108,
  /** Live events of maintenance windows starting or ending by the clock. */
  MaintenanceEvents = 728109,
}
