import { holdEarlyInput } from './earlyInput';

function page(html: string): void {
  document.body.innerHTML = `<div id="root">${html}</div><button id="outside">outside</button>`;
}

const listeners: (() => void)[] = [];
afterEach(() => listeners.splice(0).forEach((off) => off()));

/** The ids of the elements the page's own click handlers saw (as React's would, at the document). */
function clicksSeen(): string[] {
  const clicks: string[] = [];
  const onClick = (e: Event) => clicks.push((e.target as Element).id);
  document.addEventListener('click', onClick);
  listeners.push(() => document.removeEventListener('click', onClick));
  return clicks;
}

describe('taps on a server-rendered page before it hydrates', () => {
  it('holds the last tap on a control and replays it on the same element once released', () => {
    page('<button id="add">Add to cart</button><button id="wish">Wishlist</button>');
    const clicks = clicksSeen();
    const held = holdEarlyInput();
    document.getElementById('wish')!.click();
    document.getElementById('add')!.click();
    expect(clicks).toEqual([]); // the page's own handlers saw nothing yet
    held.release();
    expect(clicks).toEqual(['add']);
    // Released: taps go through as usual, and nothing is replayed twice.
    document.getElementById('wish')!.click();
    held.release();
    expect(clicks).toEqual(['add', 'wish']);
  });

  it('leaves links, and controls outside the page, alone', () => {
    page('<a id="link" href="#x"><span id="inner">Shop</span></a>');
    const clicks = clicksSeen();
    const held = holdEarlyInput();
    document.getElementById('inner')!.click();
    document.getElementById('outside')!.click();
    expect(clicks).toEqual(['inner', 'outside']);
    held.release();
    expect(clicks).toEqual(['inner', 'outside']);
  });

  it('holds a form submission and submits it again with its button', () => {
    page('<form id="f"><input name="q" value="kurta"><button id="go" name="go" value="1">Search</button></form>');
    const submitted: (string | null)[] = [];
    document.addEventListener('submit', (e) => {
      e.preventDefault();
      submitted.push((e as SubmitEvent).submitter?.id ?? null);
    });
    const held = holdEarlyInput();
    (document.getElementById('f') as HTMLFormElement).requestSubmit(document.getElementById('go') as HTMLButtonElement);
    expect(submitted).toEqual([]);
    held.release();
    expect(submitted).toEqual(['go']);
  });

  it('drops what it held when the page will not hydrate', () => {
    page('<button id="add">Add to cart</button>');
    const clicks = clicksSeen();
    const held = holdEarlyInput();
    document.getElementById('add')!.click();
    held.drop();
    held.release();
    expect(clicks).toEqual([]);
    document.getElementById('add')!.click();
    expect(clicks).toEqual(['add']);
  });
});

describe('the page loader hands over what it held', () => {
  it("takeOverEarlyInput returns the loader's hold (and removes it from window), or starts one", async () => {
    const { takeOverEarlyInput, EARLY_INPUT_KEY } = await import('./earlyInput');
    page('<button id="add">Add to cart</button>');
    const clicks = clicksSeen();
    const fromLoader = holdEarlyInput();
    (window as unknown as Record<string, unknown>)[EARLY_INPUT_KEY] = fromLoader;
    document.getElementById('add')!.click();
    expect(takeOverEarlyInput()).toBe(fromLoader);
    expect((window as unknown as Record<string, unknown>)[EARLY_INPUT_KEY]).toBeUndefined();
    fromLoader.release();
    expect(clicks).toEqual(['add']);

    const own = takeOverEarlyInput();
    document.getElementById('add')!.click();
    expect(clicks).toEqual(['add']);
    own.release();
    expect(clicks).toEqual(['add', 'add']);
  });
});

describe('text typed before the page hydrates', () => {
  it('is announced to the page as one input event per field on release, before the held tap', async () => {
    page(
      '<form id="f"><input id="name" name="name"><textarea id="msg"></textarea><input id="agree" type="checkbox"><button id="send">Send</button></form>',
    );
    const seen: string[] = [];
    const held = holdEarlyInput();
    const name = document.getElementById('name') as HTMLInputElement;
    name.value = 'Meera';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    const msg = document.getElementById('msg') as HTMLTextAreaElement;
    msg.value = 'Is COD available in Pune?';
    msg.dispatchEvent(new Event('input', { bubbles: true }));
    document.getElementById('send')!.click();
    // The page's own handlers, as React would attach them at hydration.
    document.addEventListener('input', (e) =>
      seen.push(`input ${(e.target as HTMLInputElement).id}=${(e.target as HTMLInputElement).value}`),
    );
    document.addEventListener('click', (e) => seen.push(`click ${(e.target as Element).id}`));
    held.release();
    expect(seen).toEqual(['input name=Meera', 'input msg=Is COD available in Pune?']);
    await new Promise((r) => setTimeout(r, 0)); // the tap follows once the page has applied the values
    expect(seen).toEqual(['input name=Meera', 'input msg=Is COD available in Pune?', 'click send']);
    expect(name.value).toBe('Meera');
  });
});
