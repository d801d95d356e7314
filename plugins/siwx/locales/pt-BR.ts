import type { en } from './en';

export default {
  titleSiwx: '{app} precisa se conectar à sua carteira',
  titleSiwe: '{app} quer que você entre com sua carteira',
  thisApp: 'Este app',
  hintRequired: 'Aceite a solicitação de login na sua carteira para provar que ela é sua e continuar. Cancelar desconecta a carteira.',
  hint: 'Aceite a solicitação de login na sua carteira para provar que ela é sua e continuar.',
  cancel: 'Cancelar',
  sign: 'Assinar',
  snackDeclined: 'Assinatura recusada',
  snackSmartAccount: 'Este aplicativo pode não ser compatível com contas inteligentes',
  snackInitFailed: 'Ocorreu um problema ao iniciar a autenticação',
  snackAuthenticating: 'Autenticando...',
} satisfies Partial<Record<keyof typeof en, string>>;
