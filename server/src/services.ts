// The service container: one instance of each domain service per server, built on one
// database. Routes receive it; services never see HTTP.
import type { Db } from './db/types';
import type { ServerEnv } from './config/env';
import { AuthService } from './modules/auth/service';
import { SystemConfigService } from './modules/system-config/service';
import { SectionsService, sectionsOptionsFromEnv } from './modules/sections/service';
import { MessageService } from './modules/messages/service';
import { ProfileService } from './modules/profile/service';
import { PropertiesService } from './modules/properties/service';
import { GuideService } from './modules/guide/service';
import { ScenicService } from './modules/scenic/service';

export interface Services {
  db: Db;
  env: ServerEnv;
  config: SystemConfigService;
  auth: AuthService;
  sections: SectionsService;
  messages: MessageService;
  profile: ProfileService;
  properties: PropertiesService;
  guide: GuideService;
  scenic: ScenicService;
}

export function createServices(db: Db, env: ServerEnv): Services {
  const config = new SystemConfigService(db);
  return {
    db,
    env,
    config,
    auth: new AuthService(db, config),
    sections: new SectionsService(db, sectionsOptionsFromEnv(env)),
    messages: new MessageService(db),
    profile: new ProfileService(db),
    properties: new PropertiesService(db),
    guide: new GuideService(db),
    scenic: new ScenicService(db, config),
  };
}
