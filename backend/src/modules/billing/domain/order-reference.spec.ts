import { orderReferenceLine, orderReferenceOf } from './order-reference';

describe('How a mail names an order', () => {
  it("names a paid order by the shop's number, never the gateway's order id", () => {
    const order = { orderId: 'order_Q1w2E3r4T5y6U7', subscriptionId: '3f9a2c1b-0d4e-4f5a-9b6c-7d8e9f0a1b2c' };
    expect(orderReferenceOf(order)).toEqual({ label: 'Order number', value: 'SG-3F9A2C1B' });
    expect(orderReferenceLine(order)).toBe('Order number: SG-3F9A2C1B');
  });

  it('names a payment that never became an order by its checkout reference', () => {
    expect(orderReferenceLine({ orderId: 'order_Q1w2E3r4T5y6U7', subscriptionId: null })).toBe('Order reference: order_Q1w2E3r4T5y6U7');
  });
});
