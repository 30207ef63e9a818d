import { createAction } from '@reduxjs/toolkit';

/**
 * The session ended (logout, even a failed one: seed §4). Every slice holding per-user state
 * resets on it: user info, server menu, the tab bar's visited pages.
 */
export const sessionEnded = createAction('session/ended');

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * The host registers where a 401 sends the user (the login page). Kept with the session, not
 * in the API client, so the shell registers it without loading the client (the login page
 * downloads the client only when the form is submitted).
 */
export function onUnauthorized(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/** The API client's 401 (on a call that does not expect one). */
export function notifyUnauthorized(): void {
  unauthorizedHandler?.();
}
