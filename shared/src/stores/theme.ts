import { textColorFor } from '../format/color';
import type { StoreInfoFields } from '../api/types';
import { DEFAULT_OFFER_TEXT, DEFAULT_STORE_TIME } from '../constants';

/** Spec §3 theme defaults; a non-empty store value overrides each. */
export const THEME_DEFAULTS = {
  fontFamily: 'Instrument Sans',
  backgroundColor: '#ffffff',
  buttonBackgroundColor: '#111111',
  topHeaderBackgroundColor: '#111111',
  headerBackgroundColor: '#FFFFFF',
  footerBackgroundColor: '#111111',
  bottomFooterBackgroundColor: '#FFF7F2',
  bannerType: 'slider',
  categoryLayout: 'swiper',
} as const;

/** Store info with every empty value replaced by its default (spec §2, §3). */
export const STORE_INFO_DEFAULTS: StoreInfoFields = {
  store_name: 'Storefront',
  logo: '',
  email: '',
  mobile_no: '',
  store_time: DEFAULT_STORE_TIME,
  offer_text: DEFAULT_OFFER_TEXT,
  facebook_url: '',
  instagram_url: '',
  twitter_url: '',
  ...THEME_DEFAULTS,
};

/** A background with the text colour derived from it (spec §3, §5). */
export interface Surface {
  background: string;
  text: string;
}

export interface Theme {
  fontFamily: string;
  page: Surface;
  button: Surface;
  topHeader: Surface;
  header: Surface;
  footer: Surface;
  bottomFooter: Surface;
  bannerType: 'slider' | 'static';
  categoryLayout: 'swiper' | 'grid';
}

const surface = (background: string): Surface => ({ background, text: textColorFor(background) });

export function themeFrom(info: StoreInfoFields): Theme {
  return {
    fontFamily: info.fontFamily,
    page: surface(info.backgroundColor),
    button: surface(info.buttonBackgroundColor),
    topHeader: surface(info.topHeaderBackgroundColor),
    header: surface(info.headerBackgroundColor),
    footer: surface(info.footerBackgroundColor),
    bottomFooter: surface(info.bottomFooterBackgroundColor),
    bannerType: info.bannerType === 'static' ? 'static' : 'slider',
    categoryLayout: info.categoryLayout === 'grid' ? 'grid' : 'swiper',
  };
}

/**
 * The font stack for a store font: the self-hosted default comes with its metric-matched fallback
 * (shared/src/ui/styles.css); any other font the store names is used when the shopper has it.
 */
export function fontStack(family: string): string {
  const quoted = `'${family.replace(/['\\]/g, '')}'`;
  return family === THEME_DEFAULTS.fontFamily ? `${quoted}, 'Instrument Sans Fallback', sans-serif` : `${quoted}, sans-serif`;
}

/** CSS custom properties every section styles with (`var(--sf-header-bg)` …). */
export function themeCssVariables(t: Theme): Record<string, string> {
  return {
    '--sf-font': fontStack(t.fontFamily),
    '--sf-bg': t.page.background,
    '--sf-text': t.page.text,
    '--sf-button-bg': t.button.background,
    '--sf-button-text': t.button.text,
    '--sf-topbar-bg': t.topHeader.background,
    '--sf-topbar-text': t.topHeader.text,
    '--sf-header-bg': t.header.background,
    '--sf-header-text': t.header.text,
    '--sf-footer-bg': t.footer.background,
    '--sf-footer-text': t.footer.text,
    '--sf-bottom-footer-bg': t.bottomFooter.background,
    '--sf-bottom-footer-text': t.bottomFooter.text,
  };
}
