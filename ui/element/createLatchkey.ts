import { createKernel, type CreateKernelParameters, type Kernel, type OpenModalArgs } from '../../kernel/index';
import { defineLatchkeyElements } from './elements';
import { acquireModal } from './mount';
import { publishKernel, withdrawKernel } from './registry';

export interface CreateLatchkeyParameters extends CreateKernelParameters {
  /** CSP nonce for the `<style>` elements the UI adds in browsers without constructable stylesheets (elsewhere it adopts its sheets: no nonce needed). */
  readonly nonce?: string;
}

/** What createLatchkey returns. */
export interface Latchkey {
  readonly kernel: Kernel;
  /** Opens the modal (synchronously), with the default view for the current state or `args`. */
  open(args?: OpenModalArgs): void;
  close(): void;
  /** Unmounts the modal (once no element uses this kernel), stops the kernel; elements fall back to an earlier createLatchkey's kernel or wait. */
  destroy(): Promise<void>;
}

/**
 * Creates the kernel (`createKernel({ options, plugins, … })`), mounts the modal at the end of
 * <body>, defines <latchkey-button> and <latchkey-network-button> and makes this kernel theirs
 * (elements already on the page, waiting, start now). The kernel starts on mount.
 * Without a DOM (a server) it only creates the kernel.
 */
export function createLatchkey(params: CreateLatchkeyParameters): Latchkey {
  const kernel = createKernel(params);
  const browser = typeof document !== 'undefined';
  let release: (() => void) | undefined;
  if (browser) {
    release = acquireModal(kernel, params.nonce);
    // Published before the elements are defined, so elements upgraded by the definition find it.
    publishKernel(kernel);
    defineLatchkeyElements();
  }
  let destroyed = false;
  return {
    kernel,
    open: (args) => void kernel.modal.open(args),
    close: () => kernel.modal.close(),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      if (browser) withdrawKernel(kernel);
      release?.();
      await kernel.stop();
    },
  };
}
