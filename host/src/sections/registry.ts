// Loads sections through Module Federation from the manifests the server pins for this
// environment (architecture.md, "Module federation"). The same pins carry the pages each pinned
// version declares: they become the shell's page catalogue (issue 17).
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { SectionName } from '@console/shared/contracts/menu';
import type { MessageBundle } from '@console/shared/i18n';
import {
  fetchPins,
  setPinnedPages,
  type SectionModule,
  type SectionPins,
} from '@console/shared/section';
import { applyPreview } from './preview';

export const containerName = (section: SectionName) => `section_${section}`;

let pinsPromise: Promise<SectionPins> | null = null;

function remotesOf(pins: SectionPins) {
  return Object.entries(pins.sections).map(([name, pin]) => ({
    name: containerName(name as SectionName),
    entry: pin.entry,
  }));
}

/** Asks the pins once per page load (again after a failure) and registers every section. */
export function registerSections(): Promise<SectionPins> {
  if (!pinsPromise) {
    pinsPromise = fetchPins()
      .then(applyPreview)
      .then(
        (pins) => {
          registerRemotes(remotesOf(pins));
          setPinnedPages(
            Object.fromEntries(
              Object.entries(pins.sections).map(([name, pin]) => [name, pin.pages]),
            ),
          );
          return pins;
        },
        (error: unknown) => {
          pinsPromise = null;
          throw error;
        },
      );
  }
  return pinsPromise;
}

export interface LoadedSection {
  module: SectionModule;
  messages: MessageBundle;
}

export class SectionNotPinnedError extends Error {
  constructor(section: SectionName) {
    super(`Section ${section} has no pinned version`);
    this.name = 'SectionNotPinnedError';
  }
}

/**
 * Loads a section's routes and messages. A retry re-registers the remote with `force`, which
 * drops the runtime's cached (failed) entry so the manifest and scripts are fetched again.
 */
export async function loadSection(section: SectionName, retry: boolean): Promise<LoadedSection> {
  const pins = await registerSections();
  const pin = pins.sections[section];
  if (!pin) throw new SectionNotPinnedError(section);
  const name = containerName(section);
  if (retry) registerRemotes([{ name, entry: pin.entry }], { force: true });
  const [routes, messages] = await Promise.all([
    loadRemote<{ default: SectionModule }>(`${name}/routes`),
    loadRemote<{ default: MessageBundle }>(`${name}/messages`),
  ]);
  if (!routes || !messages) throw new Error(`Section ${section} did not load`);
  return { module: routes.default, messages: messages.default };
}
