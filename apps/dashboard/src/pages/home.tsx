import { useMemo } from 'react';
import { Link } from 'react-router';
import { LOW_STOCK, SALES_ORDER_CAP, useLowStock, useRecentOrders, useSite } from '../api/store.ts';
import { RevenueChart } from '../components/bar-chart.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { formatMoney } from '../lib/decimal.ts';
import { type Figures, salesOf } from '../lib/sales.ts';

// A day more than the 30 shown: the site's calendar day may start before UTC's.
const since = () => new Date(Date.now() - 31 * 86_400_000).toISOString();

function FigureCard({ title, figures, currency }: { title: string; figures: Figures; currency: string }) {
  return (
    <section className="card figure" aria-label={title}>
      <h2>{title}</h2>
      <dl>
        <div>
          <dt>Orders</dt>
          <dd data-testid={`${title}-orders`}>{figures.orders}</dd>
        </div>
        <div>
          <dt>Revenue</dt>
          <dd data-testid={`${title}-revenue`}>{formatMoney(figures.revenue, currency)}</dd>
        </div>
        <div>
          <dt>Average order</dt>
          <dd>{formatMoney(figures.average, currency)}</dd>
        </div>
      </dl>
    </section>
  );
}

function Sales() {
  const site = useSite();
  const start = useMemo(since, []);
  const recent = useRecentOrders(start);
  if (site.isPending || recent.isPending) return <Loading label="Loading sales…" />;
  if (site.isError) return <ErrorState error={site.error} retry={() => void site.refetch()} />;
  if (recent.isError) return <ErrorState error={recent.error} retry={() => void recent.refetch()} />;
  const sales = salesOf(recent.data.orders, new Date(), site.data.timeZone);
  const currency = site.data.currency;
  return (
    <>
      {recent.data.complete ? null : (
        <p className="note">Figures count the newest {SALES_ORDER_CAP} orders of the last 30 days.</p>
      )}
      <div className="figures">
        <FigureCard title="Today" figures={sales.today} currency={currency} />
        <FigureCard title="Last 7 days" figures={sales.week} currency={currency} />
        <FigureCard title="Last 30 days" figures={sales.month} currency={currency} />
      </div>
      <section className="card">
        <h2>Revenue by day</h2>
        {sales.month.orders === 0 ? (
          <Empty>No orders in the last 30 days.</Empty>
        ) : (
          <RevenueChart days={sales.days} currency={currency} />
        )}
      </section>
    </>
  );
}

function LowStock() {
  const products = useLowStock();
  return (
    <section className="card">
      <h2>Low stock</h2>
      <p className="muted">Products with {LOW_STOCK} or fewer in stock.</p>
      {products.isPending ? (
        <Loading />
      ) : products.isError ? (
        <ErrorState error={products.error} retry={() => void products.refetch()} />
      ) : products.data.length === 0 ? (
        <Empty>Every counted product has more than {LOW_STOCK} in stock.</Empty>
      ) : (
        <ul className="list">
          {products.data.map((product) => (
            <li key={product.id}>
              <span>{product.name}</span>
              <span className={product.stock.quantity === 0 ? 'badge badge-danger' : 'badge badge-warn'}>
                {product.stock.quantity ?? 0} left
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Home() {
  return (
    <>
      <div className="page-head">
        <h1>Home</h1>
        <Link to="/orders" className="button">
          All orders
        </Link>
      </div>
      <Sales />
      <LowStock />
    </>
  );
}
