import type { ReactNode } from 'react';
import { Button, Card, CardDescription, CardHeader, CardTitle, FormError } from '../../ui';

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
