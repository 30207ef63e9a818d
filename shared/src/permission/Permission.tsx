import type { ReactNode } from 'react';
import { useAppSelector } from '../store';
import { selectRole } from '../store/userSlice';
import { hasElementPermission } from './elementPermission';

/** Whether the current role may see an element guarded by `roles` (seed §6). */
export function usePermission(roles: readonly string[]): boolean {
  const role = useAppSelector(selectRole);
  return hasElementPermission(roles, role);
}

/** Renders its children only for the listed roles; an empty list shows them to everyone. */
export function Permission({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  return usePermission(roles) ? <>{children}</> : null;
}
