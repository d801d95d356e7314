import type { en } from './en';

export default {
  titleSiwx: '{app} necesita conectarse a tu billetera',
  titleSiwe: '{app} quiere que inicies sesión con tu billetera',
  thisApp: 'Esta app',
  hintRequired: 'Acepta la solicitud de inicio de sesión en tu billetera para demostrar que es tuya y continuar. Si cancelas, la billetera se desconecta.',
  hint: 'Acepta la solicitud de inicio de sesión en tu billetera para demostrar que es tuya y continuar.',
  cancel: 'Cancelar',
  sign: 'Firmar',
  snackDeclined: 'Firma rechazada',
  snackSmartAccount: 'Es posible que esta aplicación no admita cuentas inteligentes',
  snackInitFailed: 'Se produjo un problema al iniciar la autenticación',
  snackAuthenticating: 'Autenticando...',
} satisfies Partial<Record<keyof typeof en, string>>;
