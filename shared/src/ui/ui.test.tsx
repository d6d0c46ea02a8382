import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Drawer, Modal } from './Modal';
import { QuantityStepper } from './QuantityStepper';
import { Price } from './Price';

function Harness({ kind }: { kind: 'modal' | 'drawer' }) {
  const [open, setOpen] = useState(false);
  const Overlay = kind === 'modal' ? Modal : Drawer;
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Overlay open={open} onClose={() => setOpen(false)} title="Order Details">
        <input aria-label="Name" />
      </Overlay>
    </>
  );
}

describe('Modal and Drawer', () => {
  it.each(['modal', 'drawer'] as const)('%s opens as a labelled dialog, closes on Escape after 300 ms', async (kind) => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    render(<Harness kind={kind} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Order Details' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.keyboard('{Escape}');
    // Still mounted for the closing animation (spec §9: 300 ms), gone after it.
    expect(screen.getByRole('dialog', { hidden: true })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(300));
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    jest.useRealTimers();
  });
});

describe('QuantityStepper', () => {
  it('hints "No more items can be added" at the cap and disables plus', async () => {
    const inc = jest.fn();
    const { rerender } = render(<QuantityStepper value={4} max={5} label="Tee" onIncrease={inc} onDecrease={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Tee' }));
    expect(inc).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('No more items can be added')).not.toBeInTheDocument();
    rerender(<QuantityStepper value={5} max={5} label="Tee" onIncrease={inc} onDecrease={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Increase quantity of Tee' })).toBeDisabled();
    expect(screen.getByText('No more items can be added')).toBeInTheDocument();
  });

  it('allows minus at 1 only where removing is meant (cart panel)', () => {
    const { rerender } = render(<QuantityStepper value={1} max={5} label="Tee" onIncrease={jest.fn()} onDecrease={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Decrease quantity of Tee' })).toBeDisabled();
    rerender(<QuantityStepper value={1} max={5} label="Tee" allowZero onIncrease={jest.fn()} onDecrease={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Decrease quantity of Tee' })).toBeEnabled();
  });
});

describe('Price', () => {
  it('shows rupees and the MRP only when higher', () => {
    const { rerender } = render(<Price value="1299" mrp="1599" />);
    expect(screen.getByText('₹1,299.00')).toBeInTheDocument();
    expect(screen.getByText('₹1,599.00')).toBeInTheDocument();
    rerender(<Price value="1299" mrp="1299" />);
    expect(screen.queryByText('₹1,599.00')).not.toBeInTheDocument();
  });
});
