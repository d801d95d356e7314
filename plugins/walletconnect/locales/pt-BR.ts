import type { en } from './en';

export default {
  qrLabel: 'Código QR do WalletConnect',
  openWallet: 'Abrir {wallet}',
  declined: 'Conexão recusada',
  failed: 'Falha na conexão',
  declinedDetail: 'A solicitação foi recusada na carteira.',
  retry: 'Tentar novamente',
  generating: 'Gerando o link do WalletConnect…',
  scanBasic: 'Escaneie com uma carteira WalletConnect no seu celular.',
  scan: 'Escaneie este código QR com seu celular ou copie o link na sua carteira.',
  copyLink: 'Copiar link',
} satisfies Partial<Record<keyof typeof en, string>>;
