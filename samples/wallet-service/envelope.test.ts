/** Envelope encryption of keys at rest, and the configuration's validation. */
import { randomBytes } from 'node:crypto';
import { loadConfig } from './src/config';
import { parseKeks } from './src/config-values';
import { ConfigError } from './src/errors';
import { KeyDecryptionError, openKey, sealKey } from './src/envelope';

const kek = (id: string) => ({ id, key: randomBytes(32) });

describe('envelope encryption', () => {
  const pk = randomBytes(32);
  const addr = '0x000000000000000000000000000000000000dEaD';

  it('round-trips a key and never stores it in the clear', () => {
    const k1 = kek('k1');
    const sealed = sealKey([k1], 'user-1', addr, pk);
    expect(sealed.kekId).toBe('k1');
    expect(sealed.encryptedKey.includes(pk)).toBe(false);
    expect(sealed.encryptedKey.length).toBe(12 + 32 + 16);
    expect(openKey([k1], 'user-1', addr, sealed).equals(pk)).toBe(true);
  });

  it('fails to open with another KEK, for another user or address, or when altered', () => {
    const k1 = kek('k1');
    const sealed = sealKey([k1], 'user-1', addr, pk);
    expect(() => openKey([{ id: 'k1', key: randomBytes(32) }], 'user-1', addr, sealed)).toThrow(KeyDecryptionError);
    expect(() => openKey([kek('k2')], 'user-1', addr, sealed)).toThrow('key-encryption key "k1" is not configured');
    expect(() => openKey([k1], 'user-2', addr, sealed)).toThrow(KeyDecryptionError);
    expect(() => openKey([k1], 'user-1', '0x000000000000000000000000000000000000bEEF', sealed)).toThrow(KeyDecryptionError);
    const altered = Buffer.from(sealed.encryptedKey);
    altered[20]! ^= 1;
    expect(() => openKey([k1], 'user-1', addr, { ...sealed, encryptedKey: altered })).toThrow(KeyDecryptionError);
  });

  it('rotates: a new KEK first seals new keys, the old one still opens', () => {
    const k1 = kek('k1');
    const k2 = kek('k2');
    const sealed = sealKey([k1], 'u', addr, pk);
    expect(openKey([k2, k1], 'u', addr, sealed).equals(pk)).toBe(true);
    expect(sealKey([k2, k1], 'u', addr, pk).kekId).toBe('k2');
  });
});

describe('configuration', () => {
  const base = { WALLET_KEK: randomBytes(32).toString('base64'), WALLET_SESSION_SECRET: randomBytes(32).toString('base64'), WALLET_DATA_DIR: ':memory:' };

  it('parses KEK lists', () => {
    expect(parseKeks(`a:${randomBytes(32).toString('base64')},b:${randomBytes(32).toString('hex')}`).map((k) => k.id)).toEqual(['a', 'b']);
    expect(() => parseKeks('a:short')).toThrow(ConfigError);
  });

  it('requires the secrets outside dev mode, and https for a public URL that is not loopback', () => {
    expect(() => loadConfig({ WALLET_DATA_DIR: ':memory:' })).toThrow('WALLET_KEK and WALLET_SESSION_SECRET are required outside dev mode');
    expect(() => loadConfig({ ...base, WALLET_PUBLIC_URL: 'http://wallet.example' })).toThrow(/must be https/);
    expect(loadConfig({ ...base, WALLET_PUBLIC_URL: 'https://wallet.example' }).publicUrl).toBe('https://wallet.example');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ ...base, WALLET_PROJECTS: '[{"projectId":"p","origins":["https://a.example/"]}]' })).toThrow(/WALLET_PROJECTS at 0\.origins\.0: must be an origin/);
    expect(() => loadConfig({ ...base, WALLET_CHAINS: 'nope' })).toThrow('WALLET_CHAINS: expected <chainId>=<rpcUrl>[,…] or a JSON array of { chainId, rpcUrl, name? }, got "nope"');
    expect(() => loadConfig({ ...base, WALLET_PORT: 'x' })).toThrow('WALLET_PORT: expected an integer');
    expect(() => loadConfig({ ...base, WALLET_DEV_MAILBOX: '1' })).toThrow(/needs WALLET_DEV=1/);
  });

  it('has dev defaults: mailbox, Farcaster stand-in, local OpenID provider, funding', () => {
    const c = loadConfig({ WALLET_DEV: '1', WALLET_DATA_DIR: ':memory:' });
    expect([c.devMailbox, c.farcasterDev, c.devOidcPort, c.devFundWei]).toEqual([true, true, 8792, 100n * 10n ** 18n]);
    expect(c.warnings.join('\n')).toMatch(/random secrets/);
    const prod = loadConfig(base);
    expect([prod.devMailbox, prod.farcasterDev, prod.devOidcPort, prod.devFundWei, prod.port]).toEqual([false, false, null, null, 8790]);
  });

  it('refuses dev mode on an address other machines reach, unless told, and then without the dev mailbox and stand-ins', () => {
    const dev = { WALLET_DEV: '1', WALLET_DATA_DIR: ':memory:' };
    expect(() => loadConfig({ ...dev, WALLET_HOST: '0.0.0.0' })).toThrow(/WALLET_DEV=1 with WALLET_HOST 0\.0\.0\.0: dev mode runs on a loopback address only/);
    expect(() => loadConfig({ ...dev, WALLET_HOST: '::' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...dev, WALLET_HOST: '192.0.2.10' })).toThrow(/WALLET_DEV_ALLOW_REMOTE=1/);
    // behind a proxy that publishes it
    expect(() => loadConfig({ ...dev, WALLET_PUBLIC_URL: 'https://wallet.example' })).toThrow(/WALLET_PUBLIC_URL https:\/\/wallet\.example/);
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1']) expect(loadConfig({ ...dev, WALLET_HOST: host }).devMailbox).toBe(true);
    const remote = loadConfig({ ...dev, WALLET_HOST: '0.0.0.0', WALLET_DEV_ALLOW_REMOTE: '1' });
    expect([remote.dev, remote.devMailbox, remote.farcasterDev, remote.devOidcPort]).toEqual([true, false, false, null]);
    expect(() => loadConfig({ ...dev, WALLET_HOST: '0.0.0.0', WALLET_DEV_ALLOW_REMOTE: '1', WALLET_DEV_MAILBOX: '1' })).toThrow(/WALLET_DEV_MAILBOX cannot be on with WALLET_HOST 0\.0\.0\.0/);
    expect(loadConfig({ ...dev, WALLET_HOST: '0.0.0.0', WALLET_DEV_ALLOW_REMOTE: '1', WALLET_FARCASTER_DEV: '1' }).warnings.join('\n')).toMatch(/anyone who reaches it can log in as any Farcaster name/);
    expect(() => loadConfig({ ...base, WALLET_DEV_ALLOW_REMOTE: '1' })).toThrow('WALLET_DEV_ALLOW_REMOTE needs WALLET_DEV=1');
  });
});
