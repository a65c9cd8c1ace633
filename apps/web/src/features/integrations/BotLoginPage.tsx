import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { BOT_MESSAGES, botRoutes, loginBotBody, type RouteBody } from '@parley/contracts';
import { api } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFormSubmit } from '../../lib/use-form-submit';
import { fromParse, type FieldErrors, type Validated } from '../../lib/validation';
import { Button, FormError, TextField } from '../../ui';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** The e-mail and password the bot signs in to the meeting platform with. */
export function validateBotLogin(
  v: Values,
  id: string,
): Validated<Field, RouteBody<typeof botRoutes.loginBot>> {
  const errors: FieldErrors<Field> = {};
  if (!v.email.trim()) errors.email = 'Please enter the e-mail address';
  if (!v.password) errors.password = 'Please enter the password';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return fromParse(
    loginBotBody.safeParse({ email: v.email.trim(), password: v.password, id }),
    FIELDS,
  );
}

/**
 * /bot-login (auth layout): signs a bot (`?id=`, from the meeting page) in to a meeting
 * platform that admits signed-in users only. The password is kept encrypted on the server and
 * never shown again.
 */
export default function BotLoginPage() {
  useDocumentTitle('Meeting bot');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [saved, setSaved] = useState(false);
  const { field, submit, pending, error } = useFormSubmit({
    initial: { email: '', password: '' },
    validate: (v: Values) => validateBotLogin(v, id),
    save: (body) => api(botRoutes.loginBot, { body, toast: false }),
    failure: BOT_MESSAGES.loginFailed,
    onSaved: () => setSaved(true),
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-fg">Meeting bot</h1>
        <p className="text-sm text-muted">
          Some meetings admit signed-in users only. Give the bot the account it signs in with; the
          password is kept encrypted and never shown again.
        </p>
      </div>
      {!id ? (
        <p className="text-sm text-muted" data-testid="bot-login-no-bot">
          Open this page from a meeting whose bot needs to sign in.{' '}
          <Link to="/library" className="text-accent-text underline">
            Go to the library
          </Link>
        </p>
      ) : saved ? (
        <p role="status" className="flex items-center gap-2 text-sm text-success">
          <CircleCheck className="size-4" aria-hidden />
          {BOT_MESSAGES.loginSaved}
        </p>
      ) : (
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextField label="E-mail" type="email" autoComplete="off" {...field('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            {...field('password')}
          />
          <FormError message={error} />
          <Button type="submit" loading={pending}>
            Save the bot’s login
          </Button>
        </form>
      )}
    </div>
  );
}
