/**
 * Compile-time agreement of the answer schemas with `@storefront/contract`'s wire types. The browser reads
 * answers through the contract's types and the server writes them through its reply schemas (the type
 * provider checks each handler against them); here each schema's derived type and its wire type must be
 * assignable both ways, so changing one without the other fails `pnpm typecheck`. Types only: nothing
 * here runs.
 */
import type {
  AboutSection,
  AuthData,
  CartLine,
  Category,
  CheckoutResult,
  City,
  Coupon,
  Customer,
  HomeSections,
  Order,
  PaymentSession,
  PincodeCheck,
  Product,
  ProductPage,
  SavedAddress,
  SelectedVariant,
  ServerCartLine,
  ShippingAddress,
  State,
  StoreInfoData,
  SubcategoryVariation,
  TrackedOrder,
  Variation,
  WishlistItem,
} from '@storefront/contract';
import type { OutboxEntry } from './messages/outbox';
import type { Answer as Reply } from './schemas';

/** `true` when A and B accept the same values (each assignable to the other), else `false`. */
export type Equals<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Each entry must be `true`; a drift names its key in the compiler's error. */
export type WireAgreement = {
  category: Equals<Reply<'category'>, Category>;
  variation: Equals<Reply<'variation'>, Variation>;
  product: Equals<Reply<'product'>, Product>;
  productPage: Equals<Reply<'productPage'>, ProductPage>;
  storeInfo: Equals<Reply<'storeInfo'>, StoreInfoData>;
  selectedVariant: Equals<Reply<'selectedVariant'>, SelectedVariant>;
  cartLine: Equals<Reply<'cartLine'>, ServerCartLine>;
  shippingAddress: Equals<Reply<'shippingAddress'>, ShippingAddress>;
  customer: Equals<Reply<'customer'>, Customer>;
  authData: Equals<Reply<'authData'>, AuthData>;
  order: Equals<Reply<'order'>, Order>;
  trackedOrder: Equals<Reply<'trackedOrder'>, TrackedOrder>;
  coupon: Equals<Reply<'coupon'>, Coupon>;
  checkoutResult: Equals<Reply<'checkoutResult'>, CheckoutResult>;
  paymentSession: Equals<Reply<'paymentSession'>, PaymentSession>;
  pincodeCheck: Equals<Reply<'pincodeCheck'>, PincodeCheck>;
  wishlistItem: Equals<Reply<'wishlistItem'>, WishlistItem>;
  subcategoryVariation: Equals<Reply<'subcategoryVariation'>, SubcategoryVariation>;
  homeSections: Equals<Reply<'homeSections'>, HomeSections>;
  aboutSection: Equals<Reply<'aboutSection'>, AboutSection>;
  state: Equals<Reply<'state'>, State>;
  city: Equals<Reply<'city'>, City>;
  outboxEntry: Equals<Reply<'outboxEntry'>, OutboxEntry>;
  savedAddress: Equals<Reply<'savedAddress'>, SavedAddress>;
  /** The browser keeps older lines too, so every line the server sends must be a CartLine. */
  serverLineIsCartLine: [ServerCartLine] extends [CartLine] ? true : false;
};

/** Fails to compile, naming the keys, unless every entry of the agreement is `true`. */
type AllTrue<T extends Record<string, true>> = T;
export type WireAgreementHolds = AllTrue<WireAgreement>;
/** The keys that disagree (`never` when all agree): hover it, or assign it to a literal, to read them. */
export type Drift = { [K in keyof WireAgreement]: WireAgreement[K] extends true ? never : K }[keyof WireAgreement];
