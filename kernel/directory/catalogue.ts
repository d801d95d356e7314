/**
 * The wallet catalogue shipped with the package: popular wallets with their
 * links, so AllWallets works offline and without a directory API. Loaded with
 * a dynamic import by the WalletDirectory service, never part of the entry
 * bundle. Images are generated monograms (SVG data URIs in the brand colour),
 * so nothing is fetched from third-party hosts.
 *
 * Order is the default "recommended" order. Ids are the wallet's EIP-6963
 * rdns when it has one, else a slug. Facts (links, store ids) are public
 * knowledge; a missing field means it is not known here.
 */
import type { DirectoryWallet } from './types';
import { monogramDataUri } from './monogram';

interface Entry extends Omit<DirectoryWallet, 'imageUrl' | 'appStore' | 'playStore' | 'chromeStore'> {
  /** Brand colour of the monogram. */
  readonly color: string;
  /** App Store numeric id (`id123…`). */
  readonly ios?: string;
  /** Google Play package name. */
  readonly android?: string;
  /** Chrome Web Store extension id. */
  readonly chrome?: string;
}

const EVM = ['eip155'] as const;

const ENTRIES: readonly Entry[] = [
  { id: 'io.metamask', rdns: 'io.metamask', name: 'MetaMask', color: '#F6851B', homepage: 'https://metamask.io', mobileLink: 'metamask://', universalLink: 'https://metamask.app.link/', ios: 'id1438144202', android: 'io.metamask', chrome: 'nkbihfbeogaeaoehlefnkodbefgpgknn', namespaces: ['eip155', 'solana'] },
  { id: 'com.trustwallet.app', rdns: 'com.trustwallet.app', name: 'Trust Wallet', color: '#0500FF', homepage: 'https://trustwallet.com', mobileLink: 'trust://', universalLink: 'https://link.trustwallet.com/', ios: 'id1288339409', android: 'com.wallet.crypto.trustapp', chrome: 'egjidjbpglichdcondbcbdnbeeppgdph', namespaces: ['eip155', 'solana', 'bip122'] },
  { id: 'com.coinbase.wallet', rdns: 'com.coinbase.wallet', name: 'Coinbase Wallet', color: '#0052FF', homepage: 'https://www.coinbase.com/wallet', mobileLink: 'cbwallet://', universalLink: 'https://go.cb-w.com/', ios: 'id1278383455', android: 'org.toshi', chrome: 'hnfanknocfeofbddgcijnmhnfnkdnaad', namespaces: ['eip155', 'solana'] },
  { id: 'app.phantom', rdns: 'app.phantom', name: 'Phantom', color: '#AB9FF2', homepage: 'https://phantom.com', mobileLink: 'phantom://', universalLink: 'https://phantom.app/ul/', ios: 'id1598432977', android: 'app.phantom', chrome: 'bfnaelmomeimhlpmgjnjophhpkkoljpa', namespaces: ['solana', 'eip155', 'bip122'] },
  { id: 'me.rainbow', rdns: 'me.rainbow', name: 'Rainbow', color: '#0C2F78', homepage: 'https://rainbow.me', mobileLink: 'rainbow://', universalLink: 'https://rnbwapp.com/', ios: 'id1457119021', android: 'me.rainbow', chrome: 'opfgelmcmbiajamepnmloijbpoleiama', namespaces: EVM },
  { id: 'io.rabby', rdns: 'io.rabby', name: 'Rabby Wallet', color: '#8697FF', homepage: 'https://rabby.io', chrome: 'acmacodkjbdgmoleebolmdjonilkdbch', namespaces: EVM },
  { id: 'com.okex.wallet', rdns: 'com.okex.wallet', name: 'OKX Wallet', color: '#000000', homepage: 'https://web3.okx.com', mobileLink: 'okex://main/', ios: 'id1327268470', android: 'com.okinc.okex.gp', chrome: 'mcohilncbfahbmgdjkbpemcciiolgcge', namespaces: ['eip155', 'solana', 'bip122'] },
  { id: 'com.binance.wallet', rdns: 'com.binance.wallet', name: 'Binance Wallet', color: '#F0B90B', homepage: 'https://www.binance.com/en/web3wallet', mobileLink: 'bnc://app.binance.com/cedefi/', ios: 'id1436799971', android: 'com.binance.dev', chrome: 'cadiboklkpojfamcoggejbbdjcoiljjk', namespaces: ['eip155', 'solana'] },
  { id: 'io.zerion.wallet', rdns: 'io.zerion.wallet', name: 'Zerion', color: '#2962EF', homepage: 'https://zerion.io', mobileLink: 'zerion://', ios: 'id1456732565', android: 'io.zerion.android', chrome: 'klghhnkeealcohjjanjjdaeeggmfmlpl', namespaces: ['eip155', 'solana'] },
  { id: 'ledger-live', name: 'Ledger Live', color: '#000000', homepage: 'https://www.ledger.com/ledger-live', mobileLink: 'ledgerlive://', desktopLink: 'ledgerlive://', ios: 'id1361671700', android: 'com.ledger.live', namespaces: ['eip155', 'solana', 'bip122'] },
  { id: 'uniswap-wallet', name: 'Uniswap Wallet', color: '#FF007A', homepage: 'https://wallet.uniswap.org', mobileLink: 'uniswap://', ios: 'id6443944476', namespaces: EVM },
  { id: 'com.bitget.web3', rdns: 'com.bitget.web3', name: 'Bitget Wallet', color: '#00C4D9', homepage: 'https://web3.bitget.com', mobileLink: 'bitkeep://', ios: 'id1395301115', chrome: 'jiidiaalihmmhddjgbnbgdfflelocpak', namespaces: ['eip155', 'solana', 'bip122'] },
  { id: 'com.brave.wallet', rdns: 'com.brave.wallet', name: 'Brave Wallet', color: '#FB542B', homepage: 'https://brave.com/wallet/', namespaces: ['eip155', 'solana'] },
  { id: 'safe', name: 'Safe', color: '#12FF80', homepage: 'https://safe.global', webappLink: 'https://app.safe.global', namespaces: EVM },
  { id: 'pro.tokenpocket', rdns: 'pro.tokenpocket', name: 'TokenPocket', color: '#2980FE', homepage: 'https://www.tokenpocket.pro', mobileLink: 'tpoutside://', ios: 'id6444625622', android: 'vip.mytokenpocket', chrome: 'mfgccjchihfkkindfppnaooecgfneiii', namespaces: ['eip155', 'solana', 'bip122'] },
  { id: 'imtoken', name: 'imToken', color: '#098DE6', homepage: 'https://token.im', mobileLink: 'imtokenv2://', ios: 'id1384798940', android: 'im.token.app', namespaces: ['eip155', 'bip122'] },
  { id: 'safepal', name: 'SafePal', color: '#4A21EF', homepage: 'https://www.safepal.com', mobileLink: 'safepalwallet://', ios: 'id1548297139', android: 'io.safepal.wallet', chrome: 'lgmpcpglpngdoalbgeoldeajfclnhafa', namespaces: ['eip155', 'solana', 'bip122'] },
  { id: 'app.core.extension', rdns: 'app.core.extension', name: 'Core', color: '#1A1A1C', homepage: 'https://core.app', ios: 'id6443685999', android: 'com.avaxwallet', chrome: 'agoakfejjabomempkjlepdflaleeobhb', namespaces: ['eip155', 'bip122'] },
  { id: 'com.bybit', rdns: 'com.bybit', name: 'Bybit Wallet', color: '#F7A600', homepage: 'https://www.bybit.com/en/web3', ios: 'id1488296980', android: 'com.bybit.app', chrome: 'pdliaogehgdbhbnmkklieghmmjkpigpa', namespaces: ['eip155', 'solana'] },
  { id: 'io.magiceden.wallet', rdns: 'io.magiceden.wallet', name: 'Magic Eden Wallet', color: '#E42575', homepage: 'https://wallet.magiceden.io', chrome: 'mkpegjkblkkefacfnmkajcjmabijhclg', namespaces: ['bip122', 'solana', 'eip155'] },
  { id: 'com.roninchain.wallet', rdns: 'com.roninchain.wallet', name: 'Ronin Wallet', color: '#1273EA', homepage: 'https://wallet.roninchain.com', mobileLink: 'roninwallet://', ios: 'id1592675001', android: 'com.skymavis.genesis', chrome: 'fnjhmkhhmkbjkkabndcnnogagogbneec', namespaces: EVM },
  { id: 'so.onekey.app.wallet', rdns: 'so.onekey.app.wallet', name: 'OneKey', color: '#44D62C', homepage: 'https://onekey.so', ios: 'id1609559473', android: 'so.onekey.app.wallet', chrome: 'jnmbobjmhlngoefaiojfljckilhhlhcj', namespaces: ['eip155', 'solana', 'bip122'] },
  { id: 'com.coin98', rdns: 'com.coin98', name: 'Coin98 Wallet', color: '#D9B432', homepage: 'https://coin98.com/wallet', ios: 'id1561969966', android: 'coin98.crypto.finance.media', chrome: 'aeachknmefphepccionboohckonoeemg', namespaces: ['eip155', 'solana'] },
  { id: 'io.gate.wallet', rdns: 'io.gate.wallet', name: 'Gate Wallet', color: '#2354E6', homepage: 'https://www.gate.io/web3', mobileLink: 'gtweb3wallet://', ios: 'id1294998195', android: 'com.gateio.gateio', chrome: 'cpmkedoipcpimgecpmgpldfpohjplkpp', namespaces: ['eip155', 'solana', 'bip122'] },
  { id: '1inch-wallet', name: '1inch Wallet', color: '#1B314F', homepage: 'https://1inch.io/wallet', mobileLink: 'oneinch://', ios: 'id1546049391', android: 'io.oneinch.android', namespaces: ['eip155', 'solana'] },
  { id: 'kraken-wallet', name: 'Kraken Wallet', color: '#7132F5', homepage: 'https://www.kraken.com/wallet', mobileLink: 'krakenwallet://', ios: 'id1626327149', namespaces: ['eip155', 'solana', 'bip122'] },
  { id: 'app.backpack.mobile', rdns: 'app.backpack.mobile', name: 'Backpack', color: '#E33E3F', homepage: 'https://backpack.app', ios: 'id6445964121', android: 'app.backpack.mobile', chrome: 'aflkmfhebedbjioipglgcbcmnbpgliof', namespaces: ['solana', 'eip155'] },
  { id: 'com.enkrypt', rdns: 'com.enkrypt', name: 'Enkrypt', color: '#A25EF5', homepage: 'https://www.enkrypt.com', chrome: 'kkpllkodjeloidieedojogacfhpaihoh', namespaces: ['eip155', 'polkadot', 'bip122'] },
  { id: 'sh.frame', rdns: 'sh.frame', name: 'Frame', color: '#121C20', homepage: 'https://frame.sh', namespaces: EVM },
  { id: 'taho', name: 'Taho', color: '#D08D57', homepage: 'https://taho.xyz', chrome: 'eajafomhmkipbjmfmhebemolkcicgfmd', namespaces: EVM },
  { id: 'mew-wallet', name: 'MEW wallet', color: '#05C0A5', homepage: 'https://www.mewwallet.com', universalLink: 'https://mewwallet.com/', ios: 'id1464614025', android: 'com.myetherwallet.mewwallet', namespaces: EVM },
  { id: 'exodus', name: 'Exodus', color: '#1F2033', homepage: 'https://www.exodus.com', mobileLink: 'exodus://', chrome: 'aholpfdialjgjfhomihkjbmgjidlcdno', namespaces: ['eip155', 'solana', 'bip122'] },
  { id: 'solflare', name: 'Solflare', color: '#FC7227', homepage: 'https://solflare.com', chrome: 'bhhhlbepdkbapadjdnnojkbgioiodbic', namespaces: ['solana'] },
  { id: 'xverse', name: 'Xverse', color: '#EE7A30', homepage: 'https://www.xverse.app', chrome: 'idnnbdplmphpflfnlkomgpfbpcgelopg', namespaces: ['bip122'] },
  { id: 'leather', name: 'Leather', color: '#12100F', homepage: 'https://leather.io', chrome: 'ldinpeekobnhjjdofggfgjlcehhmanlj', namespaces: ['bip122'] },
  { id: 'unisat', name: 'UniSat Wallet', color: '#1E1E1E', homepage: 'https://unisat.io', chrome: 'ppbibelpcjmhbdihakflkdcoccbgbkpo', namespaces: ['bip122'] },
  { id: 'app.subwallet', rdns: 'app.subwallet', name: 'SubWallet', color: '#004BFF', homepage: 'https://www.subwallet.app', mobileLink: 'subwallet://', ios: 'id1633050285', android: 'app.subwallet.mobile', chrome: 'onhogfjeacnfoofkfgppdlbmlmnplgbn', namespaces: ['polkadot', 'eip155'] },
  { id: 'xyz.talisman', rdns: 'xyz.talisman', name: 'Talisman', color: '#D5FF5C', homepage: 'https://talisman.xyz', chrome: 'fijngjgcjhjmmpcmkeiomlglpeiijkld', namespaces: ['polkadot', 'eip155'] },
  { id: 'io.novawallet', rdns: 'io.novawallet', name: 'Nova Wallet', color: '#E83F8A', homepage: 'https://novawallet.io', mobileLink: 'novawallet://', ios: 'id1597119355', android: 'io.novafoundation.nova.market', namespaces: ['polkadot', 'eip155'] },
  { id: 'app.zeal', rdns: 'app.zeal', name: 'Zeal', color: '#0FF0D4', homepage: 'https://zeal.app', mobileLink: 'zeal://', android: 'app.zeal.wallet', chrome: 'heamnjbnflcikcggoiplibfommfbkjpj', namespaces: EVM },
  { id: 'com.gemini.wallet', rdns: 'com.gemini.wallet', name: 'Gemini Wallet', color: '#1FC4DF', homepage: 'https://keys.gemini.com', namespaces: EVM },
  { id: 'xyz.ctrl', rdns: 'xyz.ctrl', name: 'CTRL Wallet', color: '#33CC99', homepage: 'https://ctrl.xyz', chrome: 'hmeobnfnfcmdkdcmlblgagmfpfboieaf', namespaces: ['eip155', 'solana', 'bip122'] },
  { id: 'foxwallet', name: 'FoxWallet', color: '#12FE74', homepage: 'https://foxwallet.com', mobileLink: 'foxwallet://', ios: 'id1590983231', android: 'com.foxwallet.play', namespaces: ['eip155', 'solana', 'bip122'] },
  { id: 'valora', name: 'Valora', color: '#35D07F', homepage: 'https://valora.xyz', mobileLink: 'celo://wallet/', ios: 'id1520414263', android: 'co.clabs.valora', namespaces: EVM },
  { id: 'trezor-suite', name: 'Trezor Suite', color: '#0F6148', homepage: 'https://trezor.io/trezor-suite', namespaces: ['eip155', 'solana', 'bip122'] },
];

function toWallet({ color, ios, android, chrome, ...rest }: Entry): DirectoryWallet {
  return {
    ...rest,
    imageUrl: monogramDataUri(rest.name, color),
    ...(ios ? { appStore: `https://apps.apple.com/app/${ios}` } : {}),
    ...(android ? { playStore: `https://play.google.com/store/apps/details?id=${android}` } : {}),
    ...(chrome ? { chromeStore: `https://chromewebstore.google.com/detail/${chrome}` } : {}),
  };
}

/** The shipped catalogue, in recommended order. */
export const CATALOGUE: readonly DirectoryWallet[] = /*#__PURE__*/ ENTRIES.map(toWallet);

