/**
 * The modal of a kernel, mounted once however many elements use that kernel: a React root
 * rendering <LatchkeyProvider> (which starts the kernel and portals the modal into a <div> at
 * the end of <body>). Reference-counted: createLatchkey holds one reference until `destroy()`,
 * each element one while it is on the page.
 */
import { createRoot, type Root } from 'react-dom/client';
import { LatchkeyProvider } from '../react/LatchkeyProvider';
import type { UiKernel } from '../kernel';

interface Mount {
  refs: number;
  root: Root | undefined;
  cancel: (() => void) | undefined;
}

const mounts = /*#__PURE__*/ new WeakMap<UiKernel, Mount>();

function render(kernel: UiKernel, mount: Mount, nonce: string | undefined): void {
  // The provider renders no markup of its own: its container stays out of the page, and the
  // modal goes to the <div> it appends to <body>.
  const container = document.createElement('div');
  mount.root = createRoot(container);
  mount.root.render(<LatchkeyProvider kernel={kernel} nonce={nonce} />);
}

/** Takes a reference to `kernel`'s modal, mounting it on the first; returns the release function (idempotent). */
export function acquireModal(kernel: UiKernel, nonce?: string): () => void {
  let mount = mounts.get(kernel);
  if (!mount) {
    const m: Mount = { refs: 0, root: undefined, cancel: undefined };
    mount = m;
    mounts.set(kernel, m);
    if (document.body) render(kernel, m, nonce);
    else {
      // A classic script in <head>: wait for <body>.
      const go = () => render(kernel, m, nonce);
      document.addEventListener('DOMContentLoaded', go, { once: true });
      m.cancel = () => document.removeEventListener('DOMContentLoaded', go);
    }
  }
  mount.refs++;
  const m = mount;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--m.refs > 0) return;
    mounts.delete(kernel);
    m.cancel?.();
    m.root?.unmount();
  };
}
