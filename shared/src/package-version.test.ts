import { describe, expect, it } from 'vitest';
import {
  recordedSharedVersion,
  sharedRuntimeHash,
  sharedSourceHash,
} from '../../scripts/shared-version.mjs';

describe('@console/shared version', () => {
  // The host and every section load this package as one exact-version singleton; a change
  // under shared/src without a new version would let a section built on the old source run
  // against the new one (issue #11, point 6).
  it('was bumped since shared/src last changed (run `npm run shared:bump`)', () => {
    expect(recordedSharedVersion().sourceHash).toBe(sharedSourceHash());
    expect(recordedSharedVersion().runtimeHash).toBe(sharedRuntimeHash());
  });
});
