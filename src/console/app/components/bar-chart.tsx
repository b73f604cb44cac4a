export interface Bar {
  label: string;
  value: number;
}

const fmt = new Intl.NumberFormat('en');

/** The same numbers as a table, for screen readers (the drawing itself is hidden from them). */
function ChartTable({ title, bars, unit }: { title: string; bars: Bar[]; unit: string }) {
  return (
    <table class="visually-hidden">
      <caption>{title}</caption>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.label}>
            <th scope="row">{bar.label}</th>
            <td>{`${fmt.format(bar.value)}${unit}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Horizontal bars, one row each: label, bar, value. Bars are SVG attributes, not inline styles (the CSP
 * forbids those), and scale to the row's width on a phone as on a desktop.
 */
export function BarList({ title, bars, unit = '' }: { title: string; bars: Bar[]; unit?: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <ul class="bar-list" aria-hidden="true">
        {bars.map((bar, index) => (
          <li key={bar.label}>
            <span class="bar-label">{bar.label}</span>
            <svg class="bar-track" viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false">
              <rect width={Math.max(0.5, (100 * bar.value) / max)} height="10" class={`chart-fill chart-fill-${index % 4}`} />
            </svg>
            <span class="bar-value">{`${fmt.format(bar.value)}${unit}`}</span>
          </li>
        ))}
      </ul>
      <ChartTable title={title} bars={bars} unit={unit} />
    </figure>
  );
}

/** Columns over time (requests per day): a label under every `labelEvery`-th column. */
export function ColumnChart({ title, bars, labelEvery = 5 }: { title: string; bars: Bar[]; labelEvery?: number }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const width = Math.max(1, bars.length) * 10;
  const plot = 80;
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <svg class="column-chart" viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        {bars.map((bar, index) => {
          const height = bar.value === 0 ? 0 : Math.max(1, (plot * bar.value) / max);
          return <rect key={bar.label} x={index * 10 + 1.5} y={plot - height} width="7" height={height} class="chart-fill chart-fill-0" />;
        })}
        <line x1="0" x2={width} y1={plot} y2={plot} class="chart-axis" />
      </svg>
      <div class="column-labels" aria-hidden="true">
        {bars.map((bar, index) => (
          <span key={bar.label}>{index % labelEvery === 0 ? bar.label : ''}</span>
        ))}
      </div>
      <p class="chart-summary">
        Highest: {fmt.format(max === 1 && bars.every((bar) => bar.value === 0) ? 0 : max)} · Total: {fmt.format(bars.reduce((sum, bar) => sum + bar.value, 0))}
      </p>
      <ChartTable title={title} bars={bars} unit="" />
    </figure>
  );
}
