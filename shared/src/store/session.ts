import { createAction } from '@reduxjs/toolkit';

/**
 * The session ended (logout, even a failed one: seed §4). Every slice holding per-user state
 * resets on it: user info, server menu, the tab bar's visited pages.
 */
export const sessionEnded = createAction('session/ended');
