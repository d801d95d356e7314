import { Container, ContainerModule } from 'inversify';
import { createKernel } from './createKernel';
import { CORE_SERVICES } from './coreServices';
import { Account } from './services/Account';
import { Modal } from './services/Modal';
import { Network } from './services/Network';
import { Snackbar, SnackbarImpl } from './services/Snackbar';
import { Connection } from './services/Connection';
import { PluginHost } from './plugin/PluginHost';
import { KernelContainer } from './plugin/tokens';
import { RawOptions } from './options/Options';
import { Environment } from './services/Environment';
import { MemoryStorage } from './testing/fakeAdapter';
import { kernelsStoppedAfterEach } from './testing/kernels';
import type { LatchkeyOptions } from './options/types';

const kernels = kernelsStoppedAfterEach();
const options = { projectId: 'p1', features: { analytics: false } } as LatchkeyOptions;
const environment = { window: undefined, document: undefined, localStorage: new MemoryStorage() };

describe('core services', () => {
  it('list each class with as many dependencies as its constructor takes, each made before it', () => {
    const made = new Set<symbol>([KernelContainer, RawOptions, Environment]);
    for (const [token, Service, ...deps] of CORE_SERVICES) {
      expect([String(token), Service.length]).toEqual([String(token), deps.length]);
      for (const dep of deps) expect([String(token), made.has(dep)]).toEqual([String(token), true]);
      made.add(token);
    }
  });

  it('are resolved by the container in the table\'s order, as the instances the kernel holds', () => {
    const get = jest.spyOn(Container.prototype, 'get');
    const kernel = createKernel({ options, environment });
    kernels.push(kernel);
    const resolved = get.mock.calls.map(([token]) => token);
    get.mockRestore();
    const core = CORE_SERVICES.map(([token]) => token);
    expect(resolved.filter((token) => core.includes(token as symbol)).slice(0, core.length).map(String)).toEqual(core.map(String));
    for (const [token, key] of [[Account, 'account'], [Network, 'network'], [Modal, 'modal'], [Connection, 'connection'], [PluginHost, 'plugins']] as const) {
      expect(kernel.container.get(token)).toBe(kernel[key]);
    }
  });

  it('with host modules, a rebound service is the one the kernel and the container give', () => {
    class HostSnackbar extends SnackbarImpl {}
    const kernel = createKernel({
      options,
      environment,
      modules: [new ContainerModule(({ rebindSync }) => void rebindSync(Snackbar).toConstantValue(new HostSnackbar()))],
    });
    kernels.push(kernel);
    expect(kernel.snackbar).toBeInstanceOf(HostSnackbar);
    expect(kernel.container.get(Snackbar)).toBe(kernel.snackbar);
    expect(kernel.container.get(Account)).toBe(kernel.account);
    expect(kernel.container.get(Connection)).toBe(kernel.connection);
  });
});
