import type { en } from './en';

export default {
  waiting: 'Completa la compra en la ventana de {provider}.',
  inProgress: 'Compra en curso…',
  success: 'Compra completada',
  failed: 'La compra falló. No se enviaron fondos.',
  timeout: 'Aún no se ve ninguna compra. Puede tardar unos minutos en aparecer en tu billetera.',
  untracked: 'Tu billetera mostrará los fondos cuando {provider} los envíe.',
  error: 'No se pudo comprobar la compra. Tu billetera mostrará los fondos cuando lleguen.',
  received: '{amount} {symbol} de {provider}',
  back: 'Atrás',
  done: 'Listo',
  loadingProviders: 'Cargando proveedores…',
  unsupported: 'La compra de cripto no está disponible en esta red.',
  disconnected: 'Conecta una billetera para comprar cripto.',
  none: 'Ningún proveedor vende en esta red.',
  buy: 'Comprar {asset}',
  preparing: 'Preparando…',
  fee: 'Comisión {fee}',
} satisfies Partial<Record<keyof typeof en, string>>;
