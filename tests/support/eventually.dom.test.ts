import { eventually } from './eventually';

it('tries again until the assertion passes', async () => {
  let tries = 0;
  await eventually(() => {
    tries += 1;
    expect(tries).toBe(3);
  });
  expect(tries).toBe(3);
});

it('after the timeout, throws the last failure', async () => {
  let tries = 0;
  const started = Date.now();
  await expect(
    eventually(async () => {
      tries += 1;
      throw new Error(`not yet (${tries})`);
    }, 120),
  ).rejects.toThrow(new RegExp(`^not yet \\(\\d+\\)$`));
  expect(tries).toBeGreaterThan(1);
  expect(Date.now() - started).toBeGreaterThanOrEqual(120);
});
