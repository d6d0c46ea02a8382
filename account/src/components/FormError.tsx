/**
 * A failure of the whole form (wrong password, a refused request), kept under the fields after its
 * toast has gone. Not a live region: the toast already announced it.
 */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return <p className="acc-form__error">{message}</p>;
}
