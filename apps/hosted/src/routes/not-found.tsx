import { Page } from '../components/page.tsx';

export function NotFound() {
  return (
    <Page title="Page not found">
      <p>This link is not valid, or it has expired. Go back to the site and try again.</p>
    </Page>
  );
}
