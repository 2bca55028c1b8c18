import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import base from '../vitest.config';

/**
 * The proof order of docs/testing.md ("CI time"): in-process files first, the process tests after them and
 * test/process/fleet-scale last, so that with shared modules (isolate false) they run in a worker after
 * other files. `npx vitest run --config tools/vitest.process-last.config.ts --project server [files]`.
 */
class ProcessTestsLast extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) =>
      (f.moduleId.includes('/test/process/') ? 1 : 0) + (f.moduleId.includes('/test/process/fleet-scale') ? 1 : 0);
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

export default mergeConfig(base, defineConfig({ test: { sequence: { sequencer: ProcessTestsLast } } }));
