import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../../lib/api';
import { reloadOnce, shouldReloadFor } from '../../lib/lazy-page';
import { PageSpinner } from '../../ui';
import { ErrorScreen, type ErrorKind } from './ErrorScreen';

function kindOf(status: number): ErrorKind | null {
  return status === 401 || status === 403 || status === 404 ? status : null;
}

/** The error element of every route. A page chunk that failed to load reloads the page once. */
export function RouteError() {
  const error = useRouteError();
  const reload = shouldReloadFor(error);
  useEffect(() => {
    if (reload) reloadOnce();
  }, [reload]);
  if (reload) return <PageSpinner />;

  const status = isRouteErrorResponse(error)
    ? error.status
    : isApiError(error)
      ? error.status
      : null;
  const kind = status === null ? null : kindOf(status);
  if (kind) return <ErrorScreen kind={kind} />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen kind="other" unexpected={!isRouteErrorResponse(error)} />;
}

export function NotFound() {
  return <ErrorScreen kind={404} />;
}
