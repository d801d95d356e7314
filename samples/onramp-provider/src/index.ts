/** The local payment provider (README.md): its configuration and its server. */
export { OnrampConfigError, resolveConfig, type OnrampChain, type OnrampConfig, type OnrampProviderOptions } from './config';
export { STATUS, startOnrampProvider, type OnrampProvider } from './server';
