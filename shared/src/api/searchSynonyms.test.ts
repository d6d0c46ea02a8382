import type { ApiClient } from './client';
import { createSearchSynonymsApi } from './searchSynonyms';

/** A client that notes each request and answers success: the paths are what the API routes agree on. */
function recordingClient() {
  const sent: [string, string, unknown?][] = [];
  const answer = async (method: string, url: string, body?: unknown) => {
    sent.push(body === undefined ? [method, url] : [method, url, body]);
    return { success: true, data: { synonyms: [] } };
  };
  const client = {
    get: (url: string) => answer('GET', url),
    post: (url: string, body?: unknown) => answer('POST', url, body),
  } as unknown as ApiClient;
  return { client, sent };
}

describe('the search synonyms calls', () => {
  it('list, add and remove under /staff/search-synonyms', async () => {
    const { client, sent } = recordingClient();
    const api = createSearchSynonymsApi(client);
    await api.list();
    await api.add('includes', 'red: maroon, wine');
    await api.remove(12);
    expect(sent).toEqual([
      ['GET', '/staff/search-synonyms'],
      ['POST', '/staff/search-synonyms', { kind: 'includes', words: 'red: maroon, wine' }],
      ['POST', '/staff/search-synonyms/12/remove', {}],
    ]);
  });
});
