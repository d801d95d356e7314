/**
 * Test kit: the kernels a test file creates, stopped after each test. Push each kernel into the
 * array this returns; after the test its snackbar is hidden (so no auto-hide timer outlives the
 * test) and it is stopped, and the array is emptied. Call it before the file's own afterEach
 * hooks: jest runs a file's afterEach hooks in the order they are declared, so the kernels stop
 * while the test's spies (a silenced console.warn) are still in place.
 */
import type { Kernel } from '../createKernel';

export function kernelsStoppedAfterEach(): Kernel[] {
  const kernels: Kernel[] = [];
  afterEach(async () => {
    for (const k of kernels.splice(0)) {
      k.snackbar.hide();
      await k.stop();
    }
  });
  return kernels;
}
