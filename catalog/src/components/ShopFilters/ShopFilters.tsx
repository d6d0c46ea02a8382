import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Category } from '@storefront/shared';
import { hasFilters, withFilter, type ShopChange, type ShopState } from '../../lib/shopQuery';
import './ShopFilters.css';

export interface ShopFiltersProps {
  /** What the controls show: the shopper's latest choice. */
  state: ShopState;
  /** The store's categories (store info `sub_category_list`). */
  categories: readonly Category[];
  /** Size labels of the chosen categories (spec §3 productVariations). */
  sizes: readonly string[];
  /**
   * A change, as a function of the state it applies to (the page writes its result to the URL). Never
   * built from `state` here: the page applies it to the newest state asked for, which a change made a
   * moment ago may not have brought into `state` yet.
   */
  onChange: (update: ShopChange) => void;
}

const priceText = (n: number | undefined) => (n === undefined ? '' : String(n));

function readPrice(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** What each group of filters takes: the URL state and the page's change function. */
interface FilterGroupProps {
  state: ShopState;
  onChange: ShopFiltersProps['onChange'];
}

/**
 * The shop's filters of spec §3 (categories, price range, size, availability). Every control is
 * labelled and reads its value from the URL state; every change goes back to page 1 (issue 5).
 */
export function ShopFilters({ state, categories, sizes, onChange }: ShopFiltersProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <aside className="cat-filters" aria-labelledby={`${id}-title`}>
      <div className="cat-filters__bar">
        <h2 id={`${id}-title`} className="cat-filters__title">
          Filters
        </h2>
        <button
          type="button"
          className="cat-filters__toggle sf-button sf-button--ghost"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide filters' : 'Show filters'}
        </button>
      </div>
      <div id={`${id}-panel`} className={`cat-filters__panel ${open ? 'is-open' : ''}`}>
        <CategoryFilter state={state} categories={categories} onChange={onChange} />
        <PriceFilter state={state} onChange={onChange} />
        <SizeFilter id={`${id}-size`} state={state} sizes={sizes} onChange={onChange} />
        <AvailabilityFilter state={state} onChange={onChange} />
        {hasFilters(state) ? <ClearFilters onChange={onChange} /> : null}
      </div>
    </aside>
  );
}

function CategoryFilter({ state, categories, onChange }: FilterGroupProps & { categories: readonly Category[] }) {
  const toggleCategory = (name: string, on: boolean) => {
    const key = name.toLowerCase();
    onChange((current) => {
      const others = current.categories.filter((c) => c !== key);
      // A size of the old categories may not exist in the new ones: the size filter starts over too.
      return withFilter(current, { categories: on ? [...others, key] : others, size: '' });
    });
  };
  return (
    <fieldset className="cat-filters__group">
      <legend>Categories</legend>
      {categories.length === 0 ? <p className="cat-filters__empty">No categories found</p> : null}
      <ul className="cat-filters__options">
        {categories.map((c) => (
          <li key={c.id}>
            <label className="cat-filters__check">
              <input
                type="checkbox"
                checked={state.categories.includes(c.name.toLowerCase())}
                onChange={(e) => toggleCategory(c.name, e.target.checked)}
              />
              <span>{c.name}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Minimum and maximum, typed freely and applied together (swapped when given the wrong way round). */
function PriceFilter({ state, onChange }: FilterGroupProps) {
  const [minText, setMinText] = useState(priceText(state.minPrice));
  const [maxText, setMaxText] = useState(priceText(state.maxPrice));

  // Back/forward or a link changes the URL under the form: show the URL's prices again.
  useEffect(() => {
    setMinText(priceText(state.minPrice));
    setMaxText(priceText(state.maxPrice));
  }, [state.minPrice, state.maxPrice]);

  const applyPrice = (e: FormEvent) => {
    e.preventDefault();
    let min = readPrice(minText);
    let max = readPrice(maxText);
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    onChange((current) => withFilter(current, { minPrice: min, maxPrice: max }));
  };

  return (
    <form className="cat-filters__group" aria-label="Price range" onSubmit={applyPrice}>
      <fieldset>
        <legend>Price (₹)</legend>
        <div className="cat-filters__prices">
          <PriceInput label="Minimum price" value={minText} onChange={setMinText} />
          <PriceInput label="Maximum price" value={maxText} onChange={setMaxText} />
        </div>
        <button type="submit" className="sf-button sf-button--ghost cat-filters__apply">
          Apply price
        </button>
      </fieldset>
    </form>
  );
}

function PriceInput({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  return (
    <label className="cat-filters__field">
      <span>{label}</span>
      <input
        className="sf-input"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** The sizes of the chosen categories; a size from the URL that is not among them stays choosable. */
function SizeFilter({ id, state, sizes, onChange }: FilterGroupProps & { id: string; sizes: readonly string[] }) {
  const sizeOptions = state.size && !sizes.includes(state.size) ? [...sizes, state.size] : sizes;
  return (
    <div className="cat-filters__group">
      <label className="cat-filters__legend" htmlFor={id}>
        Size
      </label>
      <select
        id={id}
        className="sf-input cat-filters__select"
        value={state.size}
        onChange={(e) => {
          const size = e.target.value;
          onChange((current) => withFilter(current, { size }));
        }}
      >
        <option value="">All sizes</option>
        {sizeOptions.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}

function AvailabilityFilter({ state, onChange }: FilterGroupProps) {
  const availability = (flag: 'inStock' | 'outOfStock') => (e: ChangeEvent<HTMLInputElement>) => {
    const on = e.target.checked;
    onChange((current) => withFilter(current, { [flag]: on }));
  };
  return (
    <fieldset className="cat-filters__group">
      <legend>Availability</legend>
      <label className="cat-filters__check">
        <input type="checkbox" checked={state.inStock} onChange={availability('inStock')} />
        <span>In stock</span>
      </label>
      <label className="cat-filters__check">
        <input type="checkbox" checked={state.outOfStock} onChange={availability('outOfStock')} />
        <span>Out of stock</span>
      </label>
    </fieldset>
  );
}

const NO_FILTERS: ShopChange = (current) =>
  withFilter(current, {
    categories: [],
    minPrice: undefined,
    maxPrice: undefined,
    size: '',
    inStock: false,
    outOfStock: false,
    sortBy: undefined,
  });

function ClearFilters({ onChange }: Pick<FilterGroupProps, 'onChange'>) {
  return (
    <button type="button" className="sf-button sf-button--ghost sf-button--block" onClick={() => onChange(NO_FILTERS)}>
      Clear all filters
    </button>
  );
}
