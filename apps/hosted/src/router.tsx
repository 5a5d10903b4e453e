import { createBrowserRouter } from 'react-router';
import { NotFound } from './routes/not-found.tsx';

/** Every hosted page, by URL. The API's redirect sessions send visitors here. */
export const router = createBrowserRouter([{ path: '*', element: <NotFound /> }], { basename: '/hosted' });
