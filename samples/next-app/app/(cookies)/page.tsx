import { Wallet } from '../Wallet';

export default function Home() {
  return <Wallet storage="cookie" />;
}
