// Stopping a child process the stack started (anvil, the bundler): SIGTERM, then SIGKILL if it
// has not exited within the grace period; resolves once it has exited.

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {Promise<unknown>} exitPromise resolves when the child has exited (or failed to start)
 * @param {() => boolean} hasExited
 * @param {number} [graceMs]
 */
export async function terminate(child, exitPromise, hasExited, graceMs = 2000) {
  if (hasExited()) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (!hasExited()) child.kill('SIGKILL');
  }, graceMs);
  await exitPromise;
  clearTimeout(timer);
}
