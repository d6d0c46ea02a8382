import { act } from '@testing-library/react';
import { runInAction } from 'mobx';
import { renderWithStores } from '@storefront/shared/testing';
import { useTheme } from './useTheme';
import { storeWithInfo } from '../testing/chrome';

function Themed() {
  useTheme();
  return null;
}

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('theme (spec §3)', () => {
  afterEach(() => document.documentElement.removeAttribute('style'));

  it('applies the defaults until store info loads, then the store values with derived text colours', async () => {
    const { store } = renderWithStores(<Themed />);
    expect(cssVar('--sf-font')).toBe("'Instrument Sans', 'Instrument Sans Fallback', sans-serif");
    expect(cssVar('--sf-button-bg')).toBe('#111111');
    expect(cssVar('--sf-button-text')).toBe('#ffffff');
    expect(cssVar('--sf-header-bg')).toBe('#FFFFFF');
    expect(cssVar('--sf-header-text')).toBe('#111111');
    expect(cssVar('--sf-bottom-footer-bg')).toBe('#FFF7F2');
    expect(cssVar('--sf-bottom-footer-text')).toBe('#111111');
    await act(() => store.storeInfo.fetch());
    // The fixture's store sets only the button colour: dark, so its text turns white.
    expect(cssVar('--sf-button-bg')).toBe('#1a237e');
    expect(cssVar('--sf-button-text')).toBe('#ffffff');
    expect(cssVar('--sf-topbar-bg')).toBe('#111111');
  });

  it("uses the store's font and light colours with dark text", () => {
    renderWithStores(
      <Themed />,
      storeWithInfo({
        info: { fontFamily: 'Poppins', topHeaderBackgroundColor: '#ffe082', footerBackgroundColor: '#fff', categoryLayout: 'grid' },
      }),
    );
    expect(cssVar('--sf-font')).toBe("'Poppins', sans-serif");
    expect(cssVar('--sf-topbar-bg')).toBe('#ffe082');
    expect(cssVar('--sf-topbar-text')).toBe('#111111');
    expect(cssVar('--sf-footer-text')).toBe('#111111');
    expect(document.documentElement.dataset.categoryLayout).toBe('grid');
  });

  it('follows later changes of store info', async () => {
    const { store } = renderWithStores(<Themed />);
    await act(() => store.storeInfo.fetch());
    expect(cssVar('--sf-header-bg')).toBe('#FFFFFF');
    const data = store.storeInfo.data!;
    act(() => runInAction(() => store.storeInfo.hydrate({ ...data, storeinfo: { ...data.storeinfo, headerBackgroundColor: '#0d47a1' } })));
    expect(cssVar('--sf-header-bg')).toBe('#0d47a1');
    expect(cssVar('--sf-header-text')).toBe('#ffffff');
  });
});
