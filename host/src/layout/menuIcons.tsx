// Icon names used by contracts/menu.ts, mapped to Arco icons (tree-shaken: sideEffects false).
import type { ComponentType } from 'react';
import {
  IconDashboard,
  IconLocation,
  IconSchedule,
  IconSettings,
  IconUserGroup,
} from '@arco-design/web-react/icon';

const ICONS: Record<string, ComponentType> = {
  IconDashboard,
  IconLocation,
  IconSchedule,
  IconSettings,
  IconUserGroup,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name];
  return Icon ? <Icon /> : null;
}
