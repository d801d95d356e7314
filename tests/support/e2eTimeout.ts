// The e2e project's default timeout for a test or hook that names none: a step in Chromium
// against the local stack, not a unit test's 5 s (jest reads no per-project testTimeout).
jest.setTimeout(30_000);
