import { type Observed, Store } from '../store';
import { Alerts } from '../services/Alerts';
import { Environment } from '../services/Environment';
import type { LatchkeyOptions, ResolvedOptions } from './types';
import { mergeOptions, parseOptions } from './schema';

export const Options = Symbol('Options');

/** Token for the options object the host passed (bound as a constant by createKernel). */
export const RawOptions = Symbol('RawOptions');

export interface Options extends Observed<ResolvedOptions> {
  /** Re-validates and applies a patch (e.g. theme or feature changes at run time). */
  update(patch: Partial<LatchkeyOptions>): void;
}

/**
 * Options service: validated at construction (throws on invalid options), and on every
 * {@link OptionsImpl.update}. A missing projectId shows the 'Project ID Not Configured'
 * alert instead of throwing, so a page still renders during setup. The options a plugin
 * owns are validated by that plugin when it is registered (PluginHost).
 */
export class OptionsImpl implements Options {
  private readonly store: Store<ResolvedOptions>;
  private raw: LatchkeyOptions;

  constructor(
    raw: LatchkeyOptions | undefined,
    private readonly env: Environment,
    private readonly alerts: Alerts,
  ) {
    // `undefined` is "no options" (a kernel in a test, a server render); anything else, null
    // included, is validated and refused with a typed error when it is not an object.
    this.raw = raw === undefined ? {} : raw;
    const { options, projectIdMissing } = parseOptions(this.raw, env);
    this.store = new Store(options);
    this.alerts.configure({ log: options.debug });
    if (projectIdMissing) this.alerts.showKey('PROJECT_ID_NOT_CONFIGURED');
  }

  get state$() {
    return this.store.state$;
  }

  get state(): ResolvedOptions {
    return this.store.state;
  }

  /** Re-validates; an invalid patch throws and leaves the current options as they were. */
  update(patch: Partial<LatchkeyOptions>): void {
    const next = mergeOptions(this.raw, patch);
    const { options, projectIdMissing } = parseOptions(next, this.env);
    this.raw = next;
    this.store.set(options);
    this.alerts.configure({ log: options.debug });
    if (projectIdMissing) this.alerts.showKey('PROJECT_ID_NOT_CONFIGURED');
  }
}
