import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormError,
  LoadError,
  Skeleton,
} from '../../ui';

/** One card of the settings page: a title, a sentence, then its content. */
export function SettingsCard(props: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{props.title}</CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      {props.children}
    </Card>
  );
}

/**
 * A settings card whose content needs the server's settings first: the content once they are
 * here, a retry when they could not be read, field-high placeholders meanwhile.
 */
export function LoadedSettingsCard<T>(props: {
  title: string;
  description: string;
  query: { data: T | undefined; isError: boolean; refetch(): unknown };
  /** The error's icon and subject ("The privacy settings could not be loaded"). */
  icon: LucideIcon;
  what: string;
  /** What stands in while loading; two field-high lines unless given. */
  placeholder?: ReactNode;
  children(data: T): ReactNode;
}) {
  const { query } = props;
  return (
    <SettingsCard title={props.title} description={props.description}>
      {query.data !== undefined ? (
        props.children(query.data)
      ) : query.isError ? (
        <CardContent>
          <LoadError icon={props.icon} what={props.what} onRetry={() => void query.refetch()} />
        </CardContent>
      ) : (
        <CardContent className="flex flex-col gap-5">
          {props.placeholder ?? (
            <>
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </>
          )}
        </CardContent>
      )}
    </SettingsCard>
  );
}

interface SaveFormProps {
  /** From useFormSubmit. */
  pending: boolean;
  error: string | null;
  submit(): void;
  /** Save stays off until something changed. */
  dirty: boolean;
  submitLabel: string;
  children: ReactNode;
}

/** A card's form: its fields, the server's message, and one Save button. */
export function SaveForm({ pending, error, submit, dirty, submitLabel, children }: SaveFormProps) {
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {children}
      <FormError message={error} />
      <div>
        <Button type="submit" loading={pending} disabled={!dirty}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
