// The scenic module's services, one per sub-domain, as other modules receive them (wired in
// server/src/services.ts). Here rather than in services.ts, which imports those modules: a
// type they import from it would close an import cycle (issue 27 item 5).
import type { ScenicSpotService } from './spots-service';
import type { MaintenanceWindowService } from './windows-service';
import type { VisitorFlowService } from './flow-service';
import type { GateKeyService } from './gate-keys-service';

export interface ScenicServices {
  spots: ScenicSpotService;
  windows: MaintenanceWindowService;
  flow: VisitorFlowService;
  gateKeys: GateKeyService;
}
