/** Writing a server render into the shell's page: the outlet, the head, the loader. */
import { OUTLET_END, OUTLET_START } from '@storefront/contract/seam';
import { injectServerPage, splitLeadingLinks } from '../src/host/render';

describe('writing a render into the page', () => {
  const page = {
    status: 200,
    html: '<p>hi</p>',
    head: '<link rel="stylesheet" href="/a.css">',
    rootAttributes: { style: 'a: "b"', 'bad attr': 'x' },
    meta: {},
    boot: { answers: {}, route: { shell: 'Faq' } },
    personal: false,
  };

  it('escapes attribute values and skips names that are not attribute names', () => {
    const html = `<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root">${OUTLET_START}x${OUTLET_END}</div></body></html>`;
    expect(injectServerPage(html, page)).toBe(
      '<!doctype html><html lang="en" style="a: &quot;b&quot;"><head><title>t</title><link rel="stylesheet" href="/a.css"></head><body><div id="root"><p>hi</p></div></body></html>',
    );
  });

  it("puts the page's own title and description in place of the defaults", () => {
    const html = `<html><head><title>Storefront</title><meta name="description" content="default"></head><body><div id="root">${OUTLET_START}${OUTLET_END}</div></body></html>`;
    const out = injectServerPage(html, { ...page, meta: { title: 'Shirts | Kirana', description: 'Shirts "for" all' } })!;
    expect(out).toContain('<title>Shirts | Kirana</title>');
    expect(out).toContain('<meta name="description" content="Shirts &quot;for&quot; all">');
    expect(out).not.toContain('default');
  });

  it("inlines a loader holding $' or $` as it is", () => {
    const html = `<html><head></head><body><div id="root">${OUTLET_START}${OUTLET_END}</div><script defer src="/shell/v/main.1.js"></script></body></html>`;
    const code = "x='$`'+'$\\''+'$&'";
    const out = injectServerPage(html, { ...page, loader: { code, hash: 'sha256-x' } })!;
    expect(out).toContain(`<script type="module" async data-main="/shell/v/main.1.js">${code}</script></body></html>`);
  });

  it("marks a personal page's loader to start early, naming the start-up files to preload", () => {
    const html = `<html><head></head><body><div id="root">${OUTLET_START}${OUTLET_END}</div><script defer src="/shell/v/main.1.js"></script></body></html>`;
    const loader = { code: 'x', hash: 'sha256-x' };
    const out = injectServerPage(html, { ...page, personal: true, preload: ['/a.js', '/b "c".json'], loader })!;
    expect(out).toContain(
      '<script type="module" async data-main="/shell/v/main.1.js" data-start="now" data-preload="/a.js /b &quot;c&quot;.json">x</script>',
    );
  });

  it('gives null for a page without an outlet (a shell from before server rendering)', () => {
    expect(injectServerPage('<html><head></head><body><div id="root"></div></body></html>', page)).toBeNull();
  });

  it("takes React's leading preload links out of the markup", () => {
    expect(splitLeadingLinks('<link rel="preload" href="/a"/><link rel="preload" href="/b"/><div>x</div>')).toEqual({
      links: '<link rel="preload" href="/a"/><link rel="preload" href="/b"/>',
      body: '<div>x</div>',
    });
    expect(splitLeadingLinks('<div>x</div>')).toEqual({ links: '', body: '<div>x</div>' });
  });
});
