import { z, type ZodType, type ZodTypeDef } from 'zod';

import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { useZodForm } from '@/lib/use-zod-form';

type CodeFormProps = {
  label: string;
  field: ZodType<string, ZodTypeDef, unknown>;
  hint?: React.ReactNode;
  numeric?: boolean;
  /** Throws to show the message under the field. */
  onSubmit: (code: string) => Promise<unknown>;
  submitLabel?: string;
  /** Button style, e.g. 'destructive' for turning something off. */
  submitVariant?: React.ComponentProps<typeof SubmitButton>['variant'];
  autoFocus?: boolean;
};

/** One code field and 'Verify': second-factor sign-in, and confirming or turning off two-factor. */
export function CodeForm({
  label,
  field,
  hint,
  numeric = false,
  onSubmit,
  submitLabel = 'Verify',
  submitVariant,
  autoFocus = true,
}: CodeFormProps) {
  const form = useZodForm(z.object({ code: field }), { code: '' });

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await onSubmit(code);
    } catch (error) {
      form.setError('code', errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-1.5">
      <FormField label={label} error={form.errors.code} hint={hint}>
        {(control) => (
          <Input
            {...control}
            {...form.field('code')}
            type="text"
            autoComplete="one-time-code"
            inputMode={numeric ? 'numeric' : 'text'}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            autoFocus={autoFocus}
            maxLength={numeric ? 7 : 64}
            className={numeric ? 'font-mono tracking-[0.3em]' : 'font-mono'}
          />
        )}
      </FormField>
      <SubmitButton pending={form.pending} variant={submitVariant}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
