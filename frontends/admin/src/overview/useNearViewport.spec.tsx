import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useNearViewport } from './useNearViewport';

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '100px');
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

describe('useNearViewport', () => {
  const original = globalThis.IntersectionObserver;
  afterEach(() => {
    globalThis.IntersectionObserver = original;
  });

  it('is false until the element comes within the margin of the screen, then stays true and stops watching', () => {
    let report: (entries: Array<{ isIntersecting: boolean }>) => void = () => undefined;
    const observed: Element[] = [];
    const options: IntersectionObserverInit[] = [];
    let disconnected = 0;
    globalThis.IntersectionObserver = class {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void, init: IntersectionObserverInit) {
        report = callback;
        options.push(init);
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {
        disconnected++;
      }
    } as unknown as typeof IntersectionObserver;

    render(<Probe />);
    expect(screen.getByText('far')).toBeTruthy();
    expect(observed).toHaveLength(1);
    expect(options[0].rootMargin).toBe('100px');

    act(() => report([{ isIntersecting: false }]));
    expect(screen.getByText('far')).toBeTruthy();
    act(() => report([{ isIntersecting: true }]));
    expect(screen.getByText('near')).toBeTruthy();
    expect(disconnected).toBeGreaterThanOrEqual(1);
  });

  it('is true at once where the browser has no IntersectionObserver', () => {
    // @ts-expect-error: a browser without it
    delete globalThis.IntersectionObserver;
    render(<Probe />);
    expect(screen.getByText('near')).toBeTruthy();
  });
});
