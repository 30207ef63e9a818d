// Element-level access by permission code: the one hook the product's pages use to show or
// hide a button, a column or a menu entry (the server refuses the call regardless).
import type { Permission } from '../contracts/permissions';
import { hasPermission } from '../contracts/permissions';
import { useAppSelector } from '../store';
import { selectPermissions } from '../store/userSlice';

/** Whether the active role holds `code`; follows a role switch at once. */
export function useHasPermission(code: Permission): boolean {
  return useAppSelector((state) => hasPermission(selectPermissions(state), code));
}
