import { AppGate } from '../../components/app-gate.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ErrorState, Loading, StatusPanel } from '../../components/status.tsx';
import { APP_EXAMPLES, type ListItem } from '../../data/app-lists.ts';
import { useCached } from '../../hooks/use-cached.ts';
import { cache } from '../../lib/cache.ts';
import { describeError } from '../../lib/errors.ts';
import styles from './app-example.module.css';

type Name = keyof typeof APP_EXAMPLES;

/** Each example's list through the data cache, so that the page renders once it settles. */
const listLoaders = Object.fromEntries(
  (Object.keys(APP_EXAMPLES) as Name[]).map((name) => [
    name,
    () => cache.load(`list:${name}`, APP_EXAMPLES[name].load),
  ]),
) as Record<Name, () => Promise<ListItem[]>>;

function ExampleList({ name }: { name: Name }) {
  const example = APP_EXAMPLES[name];
  const list = useCached(`list:${name}`, listLoaders[name]);
  return (
    <>
      <PageTitle title={example.title} lead={example.lead} />
      {list.status === 'loading' ? (
        <Loading />
      ) : list.status === 'error' ? (
        <ErrorState
          title={`The ${example.noun} could not be loaded`}
          message={describeError(list.error)}
          onRetry={list.reload}
        />
      ) : list.data.length === 0 ? (
        <StatusPanel title={`No ${example.noun} yet`}>
          <p>Once the site owner adds {example.noun}, they show up here.</p>
        </StatusPanel>
      ) : (
        <ul className={styles.list}>
          {list.data.map((item) => (
            <li key={item.id} className={styles.item}>
              <h2>{item.title}</h2>
              {item.detail && <p>{item.detail}</p>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The bookings, tickets and subscriptions examples: a simple list once their app is installed. */
export default function AppExamplePage({ name }: { name: Name }) {
  const example = APP_EXAMPLES[name];
  return (
    <AppGate app={example.app} title={example.title} installLink={example.installLink}>
      <ExampleList name={name} />
    </AppGate>
  );
}
