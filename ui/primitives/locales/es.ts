import type { en } from './en';

export default {
  dismiss: 'Descartar',
  NETWORK_NOT_FOUND: 'Red no encontrada',
  NETWORK_NOT_FOUND_LONG: 'Asegúrate de que la red esté en el array \'networks\' de las opciones.',
  ORIGIN_NOT_ALLOWED: 'Configuración de la app no válida',
  ORIGIN_NOT_ALLOWED_LONG: 'Este origen no está en la lista de permitidos del proyecto. Agrégalo en el panel en la nube del proveedor.',
  INVALID_APP_CONFIGURATION: 'Configuración de la app no válida',
  INVALID_APP_CONFIGURATION_LONG: 'El ID del proyecto no es válido. Revisa la opción projectId.',
  SESSION_EXPIRED: 'Sesión caducada',
  SESSION_EXPIRED_LONG: 'La sesión no es válida. Revisa la hora de tu dispositivo y vuelve a conectarte.',
  PROJECT_ID_NOT_CONFIGURED: 'ID del proyecto no configurado',
  SWITCH_NETWORK_NOT_FOUND: 'No se encontró la red a la que cambiar',
} satisfies Partial<Record<keyof typeof en, string>>;
