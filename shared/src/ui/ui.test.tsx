import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { KEEP_LIVE_ATTRIBUTE } from './inert';
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

describe('the page behind an open overlay', () => {
  afterEach(() => jest.useRealTimers());

  function Page() {
    const [drawer, setDrawer] = useState(false);
    const [dialog, setDialog] = useState(false);
    return (
      <>
        <button onClick={() => setDrawer(true)}>Open drawer</button>
        <a href="/shop">Shop</a>
        <Drawer open={drawer} onClose={() => setDrawer(false)} title="Order Details">
          <button onClick={() => setDialog(true)}>Cancel order</button>
        </Drawer>
        <Modal open={dialog} onClose={() => setDialog(false)} title="Cancel Order">
          <input aria-label="Reason" />
        </Modal>
      </>
    );
  }

  it('is inert while a drawer is open, and a dialog over it releases only its own hold; focus goes back to each opener', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const { container } = render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open drawer' });
    await user.click(opener);
    const drawer = screen.getByRole('dialog', { name: 'Order Details' });
    expect(container).toHaveAttribute('inert');
    expect(drawer.closest('[inert]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByLabelText('Reason')).toHaveFocus();
    expect(drawer.closest('[inert]')).not.toBeNull();
    await user.keyboard('{Escape}');
    act(() => jest.advanceTimersByTime(300));
    // The dialog is gone: the drawer is live again, the page behind still held by the drawer.
    expect(drawer.closest('[inert]')).toBeNull();
    expect(container).toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Cancel order' })).toHaveFocus();

    await user.keyboard('{Escape}');
    act(() => jest.advanceTimersByTime(300));
    expect(container).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();
  });

  it('leaves alone what was inert before and what is marked to stay live', async () => {
    const before = document.createElement('div');
    before.setAttribute('inert', '');
    const live = document.createElement('div');
    live.setAttribute(KEEP_LIVE_ATTRIBUTE, '');
    document.body.append(before, live);
    const { container } = render(<Harness kind="modal" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(container).toHaveAttribute('inert');
    expect(live).not.toHaveAttribute('inert');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(container).not.toHaveAttribute('inert');
    expect(before).toHaveAttribute('inert');
    before.remove();
    live.remove();
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
