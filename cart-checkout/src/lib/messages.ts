/**
 * The messages to show for a server answer or a thrown error (spec §8: the server message when present,
 * else the fallback; a list gives one message each). Reads `message` (string or list) and field `errors`.
 */
export function messagesOf(source: unknown, fallback: string): string[] {
  const list = collect(source);
  return list.length > 0 ? list : [fallback];
}

function collect(source: unknown): string[] {
  if (typeof source === 'string') return source.trim() ? [source] : [];
  if (Array.isArray(source)) return source.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
  if (source && typeof source === 'object') {
    const rec = source as { messages?: unknown; message?: unknown; body?: unknown };
    const fromMessages = collect(rec.messages);
    if (fromMessages.length) return fromMessages;
    const fromBody = rec.body && typeof rec.body === 'object' ? collect((rec.body as { message?: unknown }).message) : [];
    if (fromBody.length) return fromBody;
    return collect(rec.message);
  }
  return [];
}
