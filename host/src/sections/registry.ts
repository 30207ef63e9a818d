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

/**
 * Asks the pins once per page load (again after a failure) and registers every section.
 * `personal`: the pins asked before sign-in are asked again once signed in, before a section
 * loads, since a canary's version goes by the user (issue 30).
 */
export function registerSections({ personal = false } = {}): Promise<SectionPins> {
  if (pinsPromise && personal) {
    pinsPromise = pinsPromise.then(
      (pins) => (pins.personal ? pins : fetchAndRegister(true)),
      () => fetchAndRegister(true),
    );
  }
  pinsPromise ??= fetchAndRegister(false);
  return pinsPromise;
}

function fetchAndRegister(again: boolean): Promise<SectionPins> {
  return fetchPins()
    .then(applyPreview)
    .then(
      (pins) => {
        // No section has loaded yet: the entries may be replaced.
        registerRemotes(remotesOf(pins), again ? { force: true } : undefined);
        setPinnedPages(
          Object.fromEntries(Object.entries(pins.sections).map(([name, pin]) => [name, pin.pages])),
        );
        return pins;
      },
      (error: unknown) => {
        pinsPromise = null;
        throw error;
      },
    );
}

/** The version of each section this page loaded (what its reports are about). */
const loadedVersions = new Map<SectionName, { version: string; canary: boolean }>();
export const loadedVersionOf = (section: SectionName) => loadedVersions.get(section);
export const loadedSections = () => loadedVersions;

/** The version a section loads (or failed to load) in this page, from its registered pin. */
export async function pinnedVersionOf(section: SectionName): Promise<string | null> {
  try {
    return (await registerSections()).sections[section]?.version ?? null;
  } catch {
    return null;
  }
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

/** A section's remote (its pins, manifest, entry or modules) did not load. */
export class SectionLoadError extends Error {
  constructor(
    readonly section: SectionName,
    readonly reason: unknown,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.name = reason instanceof Error ? reason.name : 'SectionLoadError';
  }
}

/**
 * Loads a section's routes and messages. A retry re-registers the remote with `force`, which
 * drops the runtime's cached (failed) entry so the manifest and scripts are fetched again.
 */
export async function loadSection(section: SectionName, retry: boolean): Promise<LoadedSection> {
  const pins = await registerSections({ personal: true });
  const pin = pins.sections[section];
  if (!pin) throw new SectionNotPinnedError(section);
  loadedVersions.set(section, { version: pin.version, canary: pin.canary });
  const name = containerName(section);
  if (retry) registerRemotes([{ name, entry: pin.entry }], { force: true });
  const [routes, messages] = await Promise.all([
    loadRemote<{ default: SectionModule }>(`${name}/routes`),
    loadRemote<{ default: MessageBundle }>(`${name}/messages`),
  ]);
  if (!routes || !messages) throw new Error(`Section ${section} did not load`);
  return { module: routes.default, messages: messages.default };
}
