/**
 * <latchkey-button> and <latchkey-network-button>: the React buttons of latchkey/react, each
 * rendered by its own React root into a container the element owns (light DOM, so the UI's one
 * stylesheet applies and the page's CSS can reach them).
 *
 * - kernel: the element's `kernel` property, else the kernel of the latest createLatchkey; an
 *   element on the page before either exists shows its own children (a fallback) and waits.
 * - attributes: `theme` (light | dark | auto, set on the kernel's Theme service, so the modal
 *   follows; auto follows the system's prefers-color-scheme), and on <latchkey-button>
 *   `label` (the text while disconnected) and `namespace` (eip155 | solana | bip122 | polkadot).
 *   Each has a property of the same name that reflects it.
 * - events (on <latchkey-button>, bubbling, composed): `connected` when an account shows,
 *   `disconnected` when it goes; CustomEvent with detail { address, namespace, chainId }.
 * - removal from the page: the React root, the subscriptions and the theme listener go (moving the
 *   element within the page keeps them).
 *
 * Nothing here runs at import: the classes are made and defined by defineLatchkeyElements(), so
 * importing this module on a server touches no DOM.
 */
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { ChainNamespace, ThemeMode } from '../../kernel/index';
import type { UiKernel } from '../kernel';
import { KernelContext } from '../react/context';
import { ConnectButton, NetworkButton } from '../react/buttons';
import { pickNamespace } from '../react/select';
import { acquireModal } from './mount';
import { defaultKernel, onDefaultKernel } from './registry';

export const BUTTON_TAG = 'latchkey-button';
export const NETWORK_BUTTON_TAG = 'latchkey-network-button';

/** `detail` of the `connected` and `disconnected` events. */
export interface LatchkeyAccountDetail {
  readonly address: string;
  readonly namespace: ChainNamespace;
  /** The chain id of the namespace's network (a number for eip155, the CAIP-2 reference otherwise). */
  readonly chainId: number | string | undefined;
}

export type LatchkeyTheme = ThemeMode | 'auto';

/** What a <latchkey-button> shows, read from its kernel. */
export interface LatchkeyAccountSnapshot {
  readonly status: 'disconnected' | 'connecting' | 'connected';
  readonly address: string | undefined;
  readonly namespace: ChainNamespace;
  readonly chainId: number | string | undefined;
}

interface LatchkeyElementBase extends HTMLElement {
  /** The kernel this element uses: the one set here, else createLatchkey's (null while there is none). */
  kernel: UiKernel | null;
  /** Reflects the `theme` attribute. */
  theme: LatchkeyTheme | null;
}

export interface LatchkeyButtonElement extends LatchkeyElementBase {
  /** Reflects the `label` attribute (default "Connect Wallet", in the kernel's locale). */
  label: string | null;
  /** Reflects the `namespace` attribute. */
  namespace: ChainNamespace | null;
  /** The account shown, or undefined while the element has no kernel. */
  readonly account: LatchkeyAccountSnapshot | undefined;
}

export type LatchkeyNetworkButtonElement = LatchkeyElementBase;

declare global {
  interface HTMLElementTagNameMap {
    'latchkey-button': LatchkeyButtonElement;
    'latchkey-network-button': LatchkeyNetworkButtonElement;
  }
  interface HTMLElementEventMap {
    connected: CustomEvent<LatchkeyAccountDetail>;
    disconnected: CustomEvent<LatchkeyAccountDetail>;
  }
}

const THEMES: Readonly<Record<LatchkeyTheme, true>> = { light: true, dark: true, auto: true };
const NAMESPACES: Readonly<Record<ChainNamespace, true>> = { eip155: true, solana: true, bip122: true, polkadot: true };

function isTheme(v: string | null): v is LatchkeyTheme {
  return v !== null && Object.hasOwn(THEMES, v);
}

function isNamespace(v: string | null): v is ChainNamespace {
  return v !== null && Object.hasOwn(NAMESPACES, v);
}

/** The account a button shows (the same choice as ConnectButton's: ui/react/select.ts). */
function snapshot(kernel: UiKernel, requested: ChainNamespace | undefined): LatchkeyAccountSnapshot {
  const network = kernel.network.state;
  const namespace = pickNamespace(kernel.account.state.namespaces, network.activeNamespace, requested);
  const account = kernel.account.get(namespace);
  return {
    status: account?.status ?? 'disconnected',
    address: account?.status === 'connected' ? account.address : undefined,
    namespace,
    chainId: network.namespaces[namespace]?.caipNetwork?.id,
  };
}

interface Active {
  readonly kernel: UiKernel;
  readonly root: Root;
  readonly container: HTMLElement;
  readonly cleanups: (() => void)[];
}

function makeClasses() {
  abstract class LatchkeyElement extends HTMLElement implements LatchkeyElementBase {
    #explicit: UiKernel | undefined;
    #active: Active | undefined;
    #follow: (() => void) | undefined;
    #themeListener: (() => void) | undefined;
    #teardownQueued = false;

    get kernel(): UiKernel | null {
      return this.#explicit ?? this.#active?.kernel ?? defaultKernel() ?? null;
    }

    set kernel(value: UiKernel | null) {
      if (value !== null && (typeof value !== 'object' || typeof value.modal?.open !== 'function' || !value.account?.state$)) {
        throw new TypeError(`<${this.localName}>.kernel must be a Latchkey kernel (createKernel's result) or null`);
      }
      this.#explicit = value ?? undefined;
      if (this.isConnected) this.#activate();
    }

    get theme(): LatchkeyTheme | null {
      const v = this.getAttribute('theme');
      return isTheme(v) ? v : null;
    }

    set theme(value: LatchkeyTheme | null) {
      if (value === null) this.removeAttribute('theme');
      else this.setAttribute('theme', value);
    }

    connectedCallback(): void {
      this.#teardownQueued = false;
      this.#activate();
    }

    disconnectedCallback(): void {
      // Moving the element (removed and inserted in one task) keeps its root; removal ends it.
      // A microtask also keeps root.unmount() out of a React commit that removed the element.
      this.#teardownQueued = true;
      queueMicrotask(() => {
        if (this.#teardownQueued && !this.isConnected) this.#teardown();
      });
    }

    attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      if (old === value || !this.#active) return;
      if (name === 'theme') this.#applyTheme(this.#active.kernel);
      else this.attributeChanged(name);
    }

    /** Chooses the kernel and (re)mounts for it; without one, waits for createLatchkey. */
    #activate(): void {
      const kernel = this.#explicit ?? defaultKernel();
      // Without a kernel of its own the element follows createLatchkey's (a later one, or an earlier one after destroy()).
      if (this.#explicit) {
        this.#follow?.();
        this.#follow = undefined;
      } else {
        this.#follow ??= onDefaultKernel(() => {
          if (this.isConnected) this.#activate();
        });
      }
      if (this.#active?.kernel === kernel) return;
      this.#unmount();
      if (!kernel) return;
      const container = document.createElement('span');
      container.style.display = 'contents';
      container.setAttribute('data-latchkey-element', '');
      // Children given in the page are the fallback shown until the kernel is there.
      this.replaceChildren(container);
      const active: Active = { kernel, root: createRoot(container), container, cleanups: [acquireModal(kernel)] };
      this.#active = active;
      this.#applyTheme(kernel);
      this.attached(kernel, active.cleanups);
      this.render();
    }

    #teardown(): void {
      this.#follow?.();
      this.#follow = undefined;
      this.#unmount();
    }

    #unmount(): void {
      this.#themeListener?.();
      this.#themeListener = undefined;
      const active = this.#active;
      if (!active) return;
      this.#active = undefined;
      for (const fn of active.cleanups.splice(0)) fn();
      active.root.unmount();
      active.container.remove();
    }

    #applyTheme(kernel: UiKernel): void {
      this.#themeListener?.();
      this.#themeListener = undefined;
      const theme = this.theme;
      if (theme === 'light' || theme === 'dark') {
        kernel.theme.setThemeMode(theme);
        return;
      }
      if (theme !== 'auto') return;
      const query = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;
      const follow = () => kernel.theme.setThemeMode(query?.matches ? 'dark' : 'light');
      follow();
      if (!query) return;
      query.addEventListener('change', follow);
      this.#themeListener = () => query.removeEventListener('change', follow);
    }

    /** Re-renders with the current attributes (no-op while waiting for a kernel). */
    protected render(): void {
      const active = this.#active;
      if (!active) return;
      active.root.render(<KernelContext.Provider value={active.kernel}>{this.content()}</KernelContext.Provider>);
    }

    protected get activeKernel(): UiKernel | undefined {
      return this.#active?.kernel;
    }

    protected attributeChanged(_name: string): void {
      this.render();
    }

    /** Subscriptions of a subclass while a kernel is attached; push their cleanups. */
    protected attached(_kernel: UiKernel, _cleanups: (() => void)[]): void {}

    protected abstract content(): ReactNode;
  }

  class LatchkeyButton extends LatchkeyElement implements LatchkeyButtonElement {
    static readonly observedAttributes = ['theme', 'label', 'namespace'];
    /** What the last event reported: undefined while disconnected. */
    #reported: LatchkeyAccountDetail | undefined;

    get label(): string | null {
      return this.getAttribute('label');
    }

    set label(value: string | null) {
      if (value === null) this.removeAttribute('label');
      else this.setAttribute('label', String(value));
    }

    get namespace(): ChainNamespace | null {
      const v = this.getAttribute('namespace');
      return isNamespace(v) ? v : null;
    }

    set namespace(value: ChainNamespace | null) {
      if (value === null) this.removeAttribute('namespace');
      else this.setAttribute('namespace', value);
    }

    get account(): LatchkeyAccountSnapshot | undefined {
      const kernel = this.activeKernel;
      return kernel ? snapshot(kernel, this.namespace ?? undefined) : undefined;
    }

    protected override attributeChanged(name: string): void {
      if (name === 'namespace') this.#report();
      this.render();
    }

    protected override attached(kernel: UiKernel, cleanups: (() => void)[]): void {
      // state$ replays the current state: an element added while an account shows reports it.
      const a = kernel.account.state$.subscribe(() => this.#report());
      const n = kernel.network.state$.subscribe(() => this.#report());
      cleanups.push(
        () => a.unsubscribe(),
        () => n.unsubscribe(),
      );
    }

    #report(): void {
      const kernel = this.activeKernel;
      if (!kernel) return;
      const s = snapshot(kernel, this.namespace ?? undefined);
      const last = this.#reported;
      if (s.status === 'connected' && s.address) {
        if (last && last.address === s.address && last.namespace === s.namespace) {
          // the same account on another network: no event, but `disconnected` will tell the chain it left
          if (last.chainId !== s.chainId) this.#reported = { ...last, chainId: s.chainId };
          return;
        }
        this.#reported = { address: s.address, namespace: s.namespace, chainId: s.chainId };
        this.#emit('connected', this.#reported);
      } else if (last && s.status === 'disconnected') {
        this.#reported = undefined;
        this.#emit('disconnected', last);
      }
    }

    #emit(type: 'connected' | 'disconnected', detail: LatchkeyAccountDetail): void {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    }

    protected content(): ReactNode {
      const label = this.label;
      return <ConnectButton namespace={this.namespace ?? undefined} {...(label ? { label } : {})} />;
    }
  }

  class LatchkeyNetworkButton extends LatchkeyElement implements LatchkeyNetworkButtonElement {
    static readonly observedAttributes = ['theme'];

    protected content(): ReactNode {
      return <NetworkButton />;
    }
  }

  return { LatchkeyButton, LatchkeyNetworkButton };
}

/**
 * Defines <latchkey-button> and <latchkey-network-button> (once: a tag already defined is left
 * as it is). Returns false where there is no custom-element registry (a server).
 * createLatchkey calls it; call it yourself when you give elements a `kernel` of your own.
 */
export function defineLatchkeyElements(registry: CustomElementRegistry | undefined = globalThis.customElements): boolean {
  if (!registry || typeof HTMLElement === 'undefined') return false;
  if (registry.get(BUTTON_TAG) && registry.get(NETWORK_BUTTON_TAG)) return true;
  const { LatchkeyButton, LatchkeyNetworkButton } = makeClasses();
  if (!registry.get(BUTTON_TAG)) registry.define(BUTTON_TAG, LatchkeyButton);
  if (!registry.get(NETWORK_BUTTON_TAG)) registry.define(NETWORK_BUTTON_TAG, LatchkeyNetworkButton);
  return true;
}
