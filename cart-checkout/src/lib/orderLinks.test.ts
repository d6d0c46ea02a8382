import { orderFailureUrl, orderSuccessUrl, paymentUrl, readOutcome } from './orderLinks';

describe('order outcome links', () => {
  it('put the order numbers in ?orders= so a reload shows the same page', () => {
    expect(orderSuccessUrl(['SF-1', 'SF-2'])).toBe('/order-success?orders=SF-1%2CSF-2');
    expect(readOutcome('?orders=SF-1%2CSF-2', null).orderNumbers).toEqual(['SF-1', 'SF-2']);
  });

  it('carry the payment id and amount to the payment page, and the amount to the failure page', () => {
    expect(readOutcome(paymentUrl(['SF-3'], 'pay_1', '999.00').split('?')[1] ?? '', undefined)).toEqual({
      orderNumbers: ['SF-3'],
      paymentId: 'pay_1',
      amount: '999.00',
    });
    expect(orderFailureUrl(['SF-3'])).toBe('/order-failure?orders=SF-3');
    expect(orderFailureUrl(['SF-3', 'SF-4'], '999.00')).toBe('/order-failure?orders=SF-3%2CSF-4&amount=999.00');
  });

  it('prefer the router state when present', () => {
    expect(readOutcome('?orders=X', { orderNumbers: ['SF-9'] }).orderNumbers).toEqual(['SF-9']);
  });
});
