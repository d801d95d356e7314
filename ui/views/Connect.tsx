import { useObserved } from '../react/useObserved';
import { ViewSlot } from '../outlet/RouterOutlet';
import { connectMethodSlot } from './slots';
import type { ViewProps } from './types';

/**
 * The first view: the contributed connect methods (the core wallet list, a plugin's e-mail
 * or social login, …) in the kernel's order (spec section 2: email, social, wallet; wallet
 * first once a browser wallet is usable; or the host's `connectMethodsOrder`), each
 * rendered inline. A method whose feature flag is off is left out.
 */
export default function Connect({ kernel }: ViewProps) {
  useObserved(kernel.connectors);
  useObserved(kernel.options);
  useObserved(kernel.plugins);
  return (
    <div className="lk-stack">
      {connectMethodSlot(kernel).map((m) => (
        <ViewSlot key={`${m.plugin}/${m.id}`} kernel={kernel} view={m.view} />
      ))}
    </div>
  );
}
