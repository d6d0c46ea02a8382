import { FormError } from './FormError';

interface FormActionsProps {
  /** The form's failure (see useForm's formError), shown above the button. */
  error: string | null;
  submitting: boolean;
  label: string;
  /** What the button says while the form is on its way ('Saving…'). */
  busyLabel: string;
}

/** The end of every account form: its failure, if any, and the submit button that is off while sending. */
export function FormActions({ error, submitting, label, busyLabel }: FormActionsProps) {
  return (
    <>
      <FormError message={error} />
      <button type="submit" className="acc-btn acc-btn--primary" disabled={submitting}>
        {submitting ? busyLabel : label}
      </button>
    </>
  );
}
