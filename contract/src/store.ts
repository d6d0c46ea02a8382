// Wire shapes of the shop itself (spec §3 store information, categories, home page, states and cities,
// contact), and the answer envelope every call shares.
import type { PaymentMethod } from './rules';

/** Rupees as a string with two decimals, e.g. "1299.00". */
export type Money = string;

/** Every answer of the API carries `success`; failures also carry `message` and, for forms, `errors`. */
export interface ApiEnvelope<T = undefined> {
  success: boolean;
  message?: string | string[];
  data?: T;
  errors?: Record<string, string>;
  status?: boolean;
}

/** The fields of spec §3 store information, each a string (the API's reply schema is built from this list). */
export const STORE_INFO_FIELDS = [
  'store_name',
  'logo',
  'email',
  'mobile_no',
  'store_time',
  'offer_text',
  'facebook_url',
  'instagram_url',
  'twitter_url',
  'fontFamily',
  'backgroundColor',
  'buttonBackgroundColor',
  'topHeaderBackgroundColor',
  'headerBackgroundColor',
  'footerBackgroundColor',
  'bottomFooterBackgroundColor',
  'bannerType',
  'categoryLayout',
] as const;

/** Spec §3 store information. Empty strings mean "use the default". */
export interface StoreInfoFields {
  store_name: string;
  logo: string;
  email: string;
  mobile_no: string;
  store_time: string;
  offer_text: string;
  facebook_url: string;
  instagram_url: string;
  twitter_url: string;
  fontFamily: string;
  backgroundColor: string;
  buttonBackgroundColor: string;
  topHeaderBackgroundColor: string;
  headerBackgroundColor: string;
  footerBackgroundColor: string;
  bottomFooterBackgroundColor: string;
  bannerType: 'slider' | 'static' | string;
  categoryLayout: 'swiper' | 'grid' | string;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
  image: string;
  product_count: number;
}

export interface StoreInfoData {
  storeinfo: StoreInfoFields;
  sub_category_list: Category[];
  /** What checkout offers (PAYMENT_PROVIDER=none: only `cod`); absent from an older server: every method. */
  payment_methods?: PaymentMethod[];
}

export interface HomeBanner {
  id: number;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  cta: string;
}

export interface HomeSection {
  id: number;
  title: string;
  subtitle: string;
  type: string;
}

export interface HomeSections {
  banners: HomeBanner[];
  sections: HomeSection[];
}

export interface AboutSection {
  id: number;
  title: string;
  body: string;
  image: string;
}

export interface State {
  id: number;
  name: string;
}

export interface City {
  id: number;
  name: string;
  state_id: number;
}

export interface ContactPayload {
  firstname: string;
  lastname: string;
  email: string;
  phone_number: string;
  subject: string;
  message: string;
  subscribe: boolean;
}
