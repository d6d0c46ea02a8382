import { MESSAGES } from '../messages';

export interface QuantityStepperProps {
  value: number;
  /** Highest allowed value (5 and the stock, spec §5); at it the plus button hints why. */
  max: number;
  onDecrease: () => void;
  onIncrease: () => void;
  disabled?: boolean;
  /** Accessible name of the item, e.g. the product name. */
  label: string;
  /** When true, minus at 1 is allowed (the cart panel removes the line, spec §4). */
  allowZero?: boolean;
}

/** − value + with the spec §5 hint at the cap ('No more items can be added'). */
export function QuantityStepper({ value, max, onDecrease, onIncrease, disabled, label, allowZero }: QuantityStepperProps) {
  const atCap = value >= max;
  return (
    <div className="sf-stepper" role="group" aria-label={`Quantity of ${label}`}>
      <button
        type="button"
        className="sf-stepper__btn"
        onClick={onDecrease}
        disabled={disabled || (!allowZero && value <= 1)}
        aria-label={`Decrease quantity of ${label}`}
      >
        −
      </button>
      <output className="sf-stepper__value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="sf-stepper__btn"
        onClick={onIncrease}
        disabled={disabled || atCap}
        aria-label={`Increase quantity of ${label}`}
        title={atCap ? MESSAGES.noMoreItems : undefined}
      >
        +
      </button>
      {atCap ? <span className="sf-stepper__hint">{MESSAGES.noMoreItems}</span> : null}
    </div>
  );
}
