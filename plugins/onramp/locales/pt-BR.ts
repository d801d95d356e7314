import type { en } from './en';

export default {
  waiting: 'Conclua a compra na janela de {provider}.',
  inProgress: 'Compra em andamento…',
  success: 'Compra concluída',
  failed: 'A compra falhou. Nenhum fundo foi enviado.',
  timeout: 'Nenhuma compra vista ainda. Pode levar alguns minutos para aparecer na sua carteira.',
  untracked: 'Sua carteira mostrará os fundos quando {provider} os enviar.',
  error: 'Não foi possível verificar a compra. Sua carteira mostrará os fundos quando chegarem.',
  received: '{amount} {symbol} de {provider}',
  back: 'Voltar',
  done: 'Concluído',
  loadingProviders: 'Carregando provedores…',
  unsupported: 'A compra de cripto não está disponível nesta rede.',
  disconnected: 'Conecte uma carteira para comprar cripto.',
  none: 'Nenhum provedor vende nesta rede.',
  buy: 'Comprar {asset}',
  preparing: 'Preparando…',
  fee: 'Taxa {fee}',
} satisfies Partial<Record<keyof typeof en, string>>;
