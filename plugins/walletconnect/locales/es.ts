import type { en } from './en';

export default {
  qrLabel: 'Código QR de WalletConnect',
  openWallet: 'Abrir {wallet}',
  declined: 'Conexión rechazada',
  failed: 'Error de conexión',
  declinedDetail: 'La solicitud se rechazó en la billetera.',
  retry: 'Reintentar',
  generating: 'Generando el enlace de WalletConnect…',
  scanBasic: 'Escanea con una billetera WalletConnect en tu teléfono.',
  scan: 'Escanea este código QR con tu teléfono o copia el enlace en tu billetera.',
  copyLink: 'Copiar enlace',
} satisfies Partial<Record<keyof typeof en, string>>;
