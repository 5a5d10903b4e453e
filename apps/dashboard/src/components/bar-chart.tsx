import { formatMoney, toNumber } from '../lib/decimal.ts';

interface Bar {
  day: string;
  revenue: string;
  orders: number;
}

const HEIGHT = 160;

/**
 * Revenue by day as SVG bars (no chart library: a few dozen rectangles). The figures are also in a
 * table for screen readers; the picture is decoration for them.
 */
export function RevenueChart({ days, currency }: { days: Bar[]; currency: string }) {
  const max = Math.max(...days.map((d) => toNumber(d.revenue)), 0);
  const width = 100 / Math.max(days.length, 1);
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 100 ${HEIGHT}`}
        preserveAspectRatio="none"
        className="chart-bars"
        aria-hidden="true"
        focusable="false"
      >
        {days.map((d, index) => {
          const height = max > 0 ? (toNumber(d.revenue) / max) * (HEIGHT - 4) : 0;
          return (
            <rect
              key={d.day}
              x={index * width + width * 0.15}
              y={HEIGHT - height}
              width={width * 0.7}
              height={height}
              className="chart-bar"
            >
              <title>{`${d.day}: ${formatMoney(d.revenue, currency)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="chart-axis" aria-hidden="true">
        <span>{days[0]?.day}</span>
        <span>{days.at(-1)?.day}</span>
      </div>
      <figcaption className="chart-caption">
        Highest day: {formatMoney(String(max.toFixed(2)), currency)}
      </figcaption>
      {/* Wrapped: a table keeps its content's height whatever height it is given. */}
      <div className="visually-hidden">
        <table>
          <caption>Revenue by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td>{d.orders}</td>
                <td>{formatMoney(d.revenue, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
