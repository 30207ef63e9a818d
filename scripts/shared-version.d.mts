export function sharedSourceHash(): string;
export function recordedSharedVersion(): { version: string; sourceHash: string };
