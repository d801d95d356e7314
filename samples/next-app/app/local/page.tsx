import { Wallet } from '../Wallet';

export default function LocalStorageHome() {
  return <Wallet storage="local" />;
}
