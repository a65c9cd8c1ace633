import { useQuery } from '@tanstack/react-query';
import { API_PREFIX, authRoutes } from '@parley/contracts';
import { api } from '../../lib/api';
import { buttonClasses } from '../../ui';

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden>
      <path
        fill="#4285F4"
        d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h6a5.1 5.1 0 0 1-2.2 3.3v2.8h3.6c2-1.9 3.2-4.7 3.2-8.1Z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.4-2.7l-3.6-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2v2.9A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.7 14c-.2-.7-.4-1.3-.4-2s.1-1.4.4-2V7.1H2a11 11 0 0 0 0 9.8L5.7 14Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.3 1.7l3.2-3.2A11 11 0 0 0 2 7.1L5.7 10c.9-2.7 3.4-4.6 6.3-4.6Z"
      />
    </svg>
  );
}

function MicrosoftIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden>
      <path fill="#F25022" d="M2 2h9.5v9.5H2z" />
      <path fill="#7FBA00" d="M12.5 2H22v9.5h-9.5z" />
      <path fill="#00A4EF" d="M2 12.5h9.5V22H2z" />
      <path fill="#FFB900" d="M12.5 12.5H22V22h-9.5z" />
    </svg>
  );
}

/** "Continue with Google/Microsoft" for the providers the server has configured. */
export function SsoButtons() {
  const { data } = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: () => api(authRoutes.providers, { toast: false }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!data || (!data.google && !data.microsoft)) return null;
  const start = (provider: string) => `${API_PREFIX}/auth/oidc/${provider}/start`;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-subtle">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      {data.google ? (
        <a href={start('google')} className={buttonClasses('secondary', 'lg', 'w-full')}>
          <GoogleIcon />
          Continue with Google
        </a>
      ) : null}
      {data.microsoft ? (
        <a href={start('microsoft')} className={buttonClasses('secondary', 'lg', 'w-full')}>
          <MicrosoftIcon />
          Continue with Microsoft
        </a>
      ) : null}
    </div>
  );
}
