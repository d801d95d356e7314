/**
 * React entry for host apps. Safe to import on a server: nothing here reads
 * `window` or `document` at import time.
 */
export { LatchkeyProvider, type LatchkeyProviderProps } from './LatchkeyProvider';
export { LatchkeyModal } from './LatchkeyModal';
export { useKernel } from './context';
export { useObserved } from './useObserved';
export {
  useModal,
  useAccount,
  useNetwork,
  useDisconnect,
  type UseModalResult,
  type UseAccountResult,
  type UseNetworkResult,
} from './hooks';
export { useWallets, type UseWalletsResult } from './useWallets';
export { ConnectButton, AccountButton, NetworkButton, type ButtonRenderProps, type ConnectButtonProps } from './buttons';
export type { UiKernel } from '../kernel';
