import { data } from 'react-router';
import { NotFoundPage } from '../ui/not-found-page';

/** Every unmatched path: a 404 status and SPEC §8's 'Page not found: {path}'. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
