import { render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Service } from '@growth/kit';
import { ServiceCard } from './ServiceCard';

const SERVICE: Service = {
  serviceId: 's1',
  serviceHeading: 'YouTube',
  serviceDescription: 'Grow your channel',
  logo: null,
  serviceContent: [{ contentId: 'c1', key: 'Real subscribers', value: 'yes' }],
};

function show(service: Service, variant: 'home' | 'catalogue') {
  const { hook } = memoryLocation({ path: '/' });
  return render(
    <Router hook={hook}>
      <ServiceCard service={service} variant={variant} />
    </Router>,
  );
}

describe('ServiceCard', () => {
  it.each(['home', 'catalogue'] as const)('%s: says what the packages start from, in the plan’s currency', (variant) => {
    show({ ...SERVICE, fromPrice: { price: '14.99', currency: 'USD' } }, variant);
    expect(screen.getByTestId('from-price').textContent).toBe('from $14.99');
  });

  it('another currency is written as that currency', () => {
    show({ ...SERVICE, fromPrice: { price: '1299.00', currency: 'INR' } }, 'catalogue');
    expect(screen.getByTestId('from-price').textContent).toBe('from ₹1,299.00');
  });

  it('without a price in the list, no price line (never "from $0" or "from NaN")', () => {
    show({ ...SERVICE, fromPrice: null }, 'catalogue');
    expect(screen.queryByTestId('from-price')).toBeNull();
    show(SERVICE, 'home');
    expect(screen.queryByTestId('from-price')).toBeNull();
  });
});
