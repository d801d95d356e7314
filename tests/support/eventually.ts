/**
 * Polls an assertion until it passes: the e2e tests' wait for what a page or a chain shows
 * "soon" (a status, a balance, the focus), without a fixed sleep.
 */

/** How often the assertion is tried again. */
const INTERVAL_MS = 50;

/**
 * Runs `assertion` every 50 ms until it neither throws nor rejects; after `timeoutMs` the last
 * failure is thrown (so the test reports what it saw last, not a bare timeout).
 */
export async function eventually(assertion: () => Promise<void> | void, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, INTERVAL_MS));
    }
  }
}
