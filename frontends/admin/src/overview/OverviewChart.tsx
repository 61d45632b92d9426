import type { Granularity, SeriesPoint } from '@growth/kit';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { bucketLabel } from './period';
import { plotValue } from './money';
import styles from './Overview.module.css';

interface Props {
  series: SeriesPoint[];
  currency: string;
  granularity: Granularity;
  /** What the picture shows, for screen readers (the numbers are in the table beside it). */
  summary: string;
  /** The bucket under the pointer (its index in `series`), null when the pointer leaves the chart. */
  onPoint?: (index: number | null) => void;
}

const HEIGHT_WIDE = 300;
const HEIGHT_NARROW = 220;
const NARROW_PX = 560;

/**
 * Revenue (bars, in one currency, left axis) and paid orders (line, right axis) per bucket, drawn with uPlot
 * on a canvas. Loaded on demand by the Overview (a chunk of its own in the admin remote): customers
 * never download it. The canvas is one image to assistive technology; the same numbers are in the
 * Overview's data table.
 */
export default function OverviewChart({ series, currency, granularity, summary, onPoint }: Props) {
  const box = useRef<HTMLDivElement>(null);
  // The latest callback, without drawing the chart again when the Overview re-renders.
  const pointed = useRef(onPoint);
  pointed.current = onPoint;

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const labels = series.map((point) => bucketLabel(point.bucket, granularity));
    const data: uPlot.AlignedData = [series.map((_, index) => index), series.map((point) => plotValue(point.revenue[currency])), series.map((point) => point.orders)];
    const sizeOf = () => {
      const width = Math.max(240, Math.floor(element.clientWidth));
      return { width, height: width < NARROW_PX ? HEIGHT_NARROW : HEIGHT_WIDE };
    };
    const accent = getComputedStyle(element).getPropertyValue('--color-accent').trim() || '#7c3aed';
    const text = getComputedStyle(element).getPropertyValue('--color-muted').trim() || '#5b5672';
    const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
    const chart = new uPlot(
      {
        ...sizeOf(),
        scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] }, orders: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        // The key is the Overview's own, in words under the chart (uPlot's reads "When: Revenue: Paid orders: --").
        legend: { show: false },
        hooks: {
          setCursor: [
            (u) => {
              const index = u.cursor.idx;
              pointed.current?.(index === null || index === undefined ? null : index);
            },
          ],
        },
        cursor: { drag: { x: false, y: false }, points: { size: 6 } },
        series: [
          { label: 'When', value: (_u, index) => (index === null || index === undefined ? '' : (labels[Math.round(index)] ?? '')) },
          {
            label: `Revenue (${currency})`,
            stroke: accent,
            fill: `${accent}66`,
            paths: bars,
            points: { show: false },
            // The legend shows the exact decimal text of the answer, not the float drawn.
            value: (_u, _v, _s, index) => (index === null || index === undefined ? '' : (series[index]?.revenue[currency] ?? '—')),
          },
          { label: 'Paid orders', scale: 'orders', stroke: text, width: 2, points: { show: true, size: 5 } },
        ],
        axes: [
          {
            stroke: text,
            // Integer positions only, every nth label so they never overlap at phone width.
            splits: (u) => {
              const every = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(u.bbox.width / devicePixelRatio / 64))));
              return labels.map((_, index) => index).filter((index) => index % every === 0);
            },
            values: (_u, splits) => splits.map((index) => labels[index] ?? ''),
          },
          { stroke: text, size: 56 },
          { scale: 'orders', side: 1, stroke: text, grid: { show: false }, size: 36, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 10000] },
        ],
      },
      data,
      element,
    );
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.setSize(sizeOf()));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [series, currency, granularity]);

  return <div ref={box} className={styles.chart} role="img" aria-label={summary} />;
}
