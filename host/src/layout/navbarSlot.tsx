// The navbar's action slot: the message-box bell and the settings button plug in here
// (issue 4) without the navbar knowing them.
import type { ComponentType } from 'react';

export const NAVBAR_ACTIONS: ComponentType[] = [];
