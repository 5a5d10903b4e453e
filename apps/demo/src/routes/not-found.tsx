import { buttonClass } from '../components/button.tsx';
import { PrefetchLink } from '../components/prefetch-link.tsx';
import { StatusPanel } from '../components/status.tsx';

export default function NotFound() {
  return (
    <StatusPanel
      heading="h1"
      title="Page not found"
      actions={
        <PrefetchLink to="/" className={buttonClass()}>
          Back to examples
        </PrefetchLink>
      }
    >
      <p>There is no page at this address.</p>
    </StatusPanel>
  );
}
