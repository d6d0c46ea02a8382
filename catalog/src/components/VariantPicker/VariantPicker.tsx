import { useId } from 'react';
import type { Variation } from '@storefront/shared';
import './VariantPicker.css';

export interface VariantPickerProps {
  variations: Variation[];
  selectedId: number | undefined;
  onSelect: (v: Variation) => void;
}

/** The variant picker of issue 5: radio buttons labelled Size, out-of-stock variants disabled. */
export function VariantPicker({ variations, selectedId, onSelect }: VariantPickerProps) {
  const name = useId();
  return (
    <fieldset className="cat-variants">
      <legend className="cat-variants__legend">Size</legend>
      <div className="cat-variants__options">
        {variations.map((v) => {
          const soldOut = v.stock <= 0;
          return (
            <label key={v.id} className={`cat-variants__option ${soldOut ? 'is-sold-out' : ''}`}>
              <input
                className="cat-variants__input"
                type="radio"
                name={name}
                value={v.id}
                checked={v.id === selectedId}
                disabled={soldOut}
                aria-label={soldOut ? `${v.product_variation}, out of stock` : undefined}
                onChange={() => onSelect(v)}
              />
              <span className="cat-variants__pill">{v.product_variation}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
