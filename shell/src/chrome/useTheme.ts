import { autorun } from 'mobx';
import { useLayoutEffect } from 'react';
import { themeCssVariables, useStores } from '@storefront/shared';

/**
 * Applies the store's theme (spec §3) as `--sf-*` custom properties on the document root: the defaults
 * until store info loads, then the store's colours (each background with its derived text colour) and
 * font, and again whenever store info changes. Every section styles with these variables.
 */
export function useTheme(): void {
  const { storeInfo } = useStores();
  useLayoutEffect(
    () =>
      autorun(() => {
        const theme = storeInfo.theme;
        const root = document.documentElement;
        for (const [name, value] of Object.entries(themeCssVariables(theme))) root.style.setProperty(name, value);
        root.dataset.bannerType = theme.bannerType;
        root.dataset.categoryLayout = theme.categoryLayout;
      }),
    [storeInfo],
  );
}
