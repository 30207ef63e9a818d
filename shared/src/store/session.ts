import { createAction } from '@reduxjs/toolkit';
import type { SessionEndReason } from '../contracts/events';

/**
 * The session ended (logout, even a failed one: seed §4). Every slice holding per-user state
 * resets on it: user info, server menu, the tab bar's visited pages. The payload: why, when the
 * live channel said (issue 26 item 15); the login page shows it.
 */
export const sessionEnded = createAction<SessionEndReason | undefined>('session/ended');

/** `reason`: the live channel said why the session ended (issue 26 item 15); absent on a 401. */
type UnauthorizedHandler = (reason?: SessionEndReason) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * The host registers where a 401 sends the user (the login page). Kept with the session, not
 * in the API client, so the shell registers it without loading the client (the login page
 * downloads the client only when the form is submitted).
 */
export function onUnauthorized(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/**
 * The API client's 401 (on a call that does not expect one), or the live channel's word that
 * this session ended, with why.
 */
export function notifyUnauthorized(reason?: SessionEndReason): void {
  unauthorizedHandler?.(reason);
}
