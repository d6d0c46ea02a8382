/** The same API with every call noted in `calls` (method and arguments) before it runs: what a test asserts on. */
export function recordCalls<A extends object>(api: A, calls: { method: keyof A; args: unknown[] }[]): A {
  return Object.fromEntries(
    Object.entries(api).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        calls.push({ method: name as keyof A, args });
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as A;
}
