export function sharedSourceHash(): string;
export function sharedRuntimeHash(): string;
export function runtimeFiles(): string[];
export function recordedSharedVersion(): {
  version: string;
  sourceHash: string;
  runtimeHash: string;
};
