// The service container: one instance of each domain service per server, built on one
// database. Routes receive it; services never see HTTP. Modules reach each other only through
// what is passed in here (architecture.md, "Module boundaries"): a service, or a port that a
// later module fills (team figures of guides, teams planning a spot), given at construction.
import { systemClock, type Clock } from '@console/shared';
import type { Db } from './db/types';
import type { ServerEnv } from './config/env';
import { AuthService } from './modules/auth/service';
import { SystemConfigService } from './modules/system-config/service';
import { SectionsService, sectionsOptionsFromEnv } from './modules/sections/service';
import { SectionHealthService } from './modules/sections/health';
import { MessageService } from './modules/messages/service';
import { ProfileService } from './modules/profile/service';
import type { AuditSubjectSources } from './modules/audit/subjects';
import { PropertiesService } from './modules/properties/service';
import { AuditService } from './modules/audit/service';
import { UsersService } from './modules/users/service';
import { RolesService } from './modules/roles/service';
import { BackupService } from './modules/backup/service';
import { GuideAssembler } from './modules/guide/assembly';
import { GuideService } from './modules/guide/guides-service';
import { GuideSheetService } from './modules/guide/sheet-service';
import { UnavailabilityService } from './modules/guide/unavailability-service';
import type { GuideAbsenceHook, GuideFiguresSource } from './modules/guide/ports';
import { TeamService, plannedTeamsSource } from './modules/team/service';
import { ScenicSpotService, type PlannedTeamsSource } from './modules/scenic/spots-service';
import { MaintenanceWindowService } from './modules/scenic/windows-service';
import { VisitorFlowService } from './modules/scenic/flow-service';
import { GateKeyService } from './modules/scenic/gate-keys-service';
import type { ScenicServices } from './modules/scenic/scenic-services';
import { AssignmentService } from './modules/team/assignments-service';
import { TeamTemplateService } from './modules/team/templates';
import { WorkOrderService } from './modules/team/work-order';
import { guideFiguresFromTeams, guideRecordsFromTeams } from './modules/team/figures';
import { DashboardService } from './modules/dashboard/service';
import { MonitorService } from './modules/monitor/service';
import { AllocationService } from './modules/allocation/service';

/** Cross-module ports and the clock; each has the default a server without teams uses. */
export interface ServicePorts {
  clock: Clock;
  /** Teams led, days worked and rating of guides (the team module's queries). */
  guideFigures: GuideFiguresSource;
  /** Todos when an assigned guide stops being available (the team module's hook). */
  guideAbsence: GuideAbsenceHook;
  /** Teams whose itinerary plans a spot (the team module's queries). */
  plannedTeams: PlannedTeamsSource;
  /** Live events: in-process on PGlite; PostgreSQL passes createPgBus(url). */
  events: EventBus;
}
import { createLocalBus, type EventBus } from './events/bus';

/** The guide module's services, one per sub-domain. */
export interface GuideServices {
  records: GuideService;
  unavailability: UnavailabilityService;
  sheet: GuideSheetService;
}

export interface Services {
  db: Db;
  env: ServerEnv;
  clock: Clock;
  config: SystemConfigService;
  auth: AuthService;
  sections: SectionsService;
  sectionHealth: SectionHealthService;
  messages: MessageService;
  profile: ProfileService;
  properties: PropertiesService;
  audit: AuditService;
  /** Per audit entity type, what its rows are about (the operation log, recent activity). */
  auditSubjects: AuditSubjectSources;
  guide: GuideServices;
  scenic: ScenicServices;
  users: UsersService;
  roles: RolesService;
  backup: BackupService;
  team: TeamService;
  /** Copies and itinerary templates (issue 29 item 2). */
  teamTemplates: TeamTemplateService;
  /** Guides' work orders (issue 29 item 3). */
  workOrders: WorkOrderService;
  assignments: AssignmentService;
  dashboard: DashboardService;
  monitor: MonitorService;
  allocation: AllocationService;
  events: EventBus;
}

export function createServices(
  db: Db,
  env: ServerEnv,
  ports: Partial<ServicePorts> = {},
): Services {
  const clock = ports.clock ?? systemClock;
  const events = ports.events ?? createLocalBus();
  const config = new SystemConfigService(db);
  const properties = new PropertiesService(db);
  const audit = new AuditService(db);
  const spots = new ScenicSpotService(
    db,
    config,
    clock,
    ports.plannedTeams ?? plannedTeamsSource(clock),
    properties,
  );
  const scenic: ScenicServices = {
    spots,
    windows: new MaintenanceWindowService(db, clock, events),
    flow: new VisitorFlowService(db, clock, spots, events),
    gateKeys: new GateKeyService(db, clock),
  };
  const auth = new AuthService(db, config, events);
  const messages = new MessageService(db, events);
  const assignments = new AssignmentService(db, config, clock, events, auth, messages);
  const guideAbsence: GuideAbsenceHook =
    ports.guideAbsence ?? ((tx, absence) => assignments.onGuideAbsence(tx, absence));
  const assembler = new GuideAssembler(
    clock,
    ports.guideFigures ?? guideFiguresFromTeams,
    spots,
    events,
  );
  const guide: GuideServices = {
    records: new GuideService(
      db,
      clock,
      assembler,
      properties,
      spots,
      audit,
      events,
      guideAbsence,
      guideRecordsFromTeams,
    ),
    unavailability: new UnavailabilityService(db, events, guideAbsence),
    sheet: new GuideSheetService(db, clock, assembler, properties, spots),
  };
  const users = new UsersService(db, auth, events);
  const roles = new RolesService(db, events);
  const team = new TeamService(db, clock, config, properties, scenic, events);
  // Recent activity and the operation log name what an entry is about (issue #18 item 8,
  // issue 26 item 9).
  const auditSubjects: AuditSubjectSources = {
    guide: (ids) => guide.records.auditSubjects(ids),
    scenic_spot: (ids) => spots.auditSubjects(ids),
    user: (ids) => users.auditSubjects(ids),
    role: (ids) => roles.auditSubjects(ids),
    team: (ids) => team.auditSubjects(ids),
  };
  const profile = new ProfileService(db, audit, auditSubjects, events);
  const sections = new SectionsService(db, sectionsOptionsFromEnv(env), events);
  return {
    db,
    env,
    clock,
    config,
    auth,
    sections,
    sectionHealth: new SectionHealthService(db, sections, config, auth, messages, clock),
    messages,
    profile,
    properties,
    audit,
    auditSubjects,
    guide,
    scenic,
    users,
    roles,
    backup: new BackupService(db, env.backupDir, config, clock, events),
    team,
    teamTemplates: new TeamTemplateService(db, clock, config, scenic, team),
    workOrders: new WorkOrderService(db, clock),
    assignments,
    dashboard: new DashboardService(db, clock, messages, profile, events, team),
    monitor: new MonitorService(db, clock, scenic, events),
    allocation: new AllocationService(db, config, clock, events, assignments),
    events,
  };
}
