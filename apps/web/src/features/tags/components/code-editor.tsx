import { CODE_BUTTONS_MAX, LEAD_LAG_MAX, PLAYER_GROUP, PLAYER_KEYS, type CodeWindow } from '@app/contracts/film';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useRef, useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useSaveCodeWindow } from '@/features/tags/api/save-code-window';
import { textOn } from '@/features/tags/utils/colors';
import {
  editorRows,
  fieldKey,
  FORM_ERROR,
  moved,
  newEditorButton,
  serverErrors,
  validateEditor,
  type EditorButton,
  type EditorErrors,
  type EditorField,
} from '@/features/tags/utils/code-editor';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

/**
 * The code window's editor: add, remove and reorder buttons; each with its name, colour, hotkey, group,
 * lead and lag and labels. Checked as the server checks it on Save (then again at every change), which
 * saves the whole window; the server's messages show at their fields.
 */
export function CodeEditor({ codeWindow }: { codeWindow: CodeWindow }) {
  const save = useSaveCodeWindow();
  const [rows, setRows] = useState(() => editorRows(codeWindow.buttons));
  const [errors, setErrors] = useState<EditorErrors>({});
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  function change(next: EditorButton[]) {
    setRows(next);
    setSaved(false);
    if (checked) setErrors(validateEditor(next).errors ?? {});
  }
  const set = (rowId: string, field: EditorField, value: string) => change(rows.map((r) => (r.rowId === rowId ? { ...r, [field]: value } : r)));

  function focusFirstError() {
    // After the messages render: the first field marked invalid, in the page's order.
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setChecked(true);
    const result = validateEditor(rows);
    if (result.errors) {
      setErrors(result.errors);
      return focusFirstError();
    }
    setErrors({});
    const sent = rows;
    try {
      const answer = await save.mutateAsync(result.body);
      setRows(editorRows(answer.buttons));
      setChecked(false);
      setSaved(true);
    } catch (error) {
      setErrors(error instanceof ApiError && error.statusCode === 400 ? serverErrors(error.message, sent) : { [FORM_ERROR]: errorMessage(error) });
      focusFirstError();
    }
  }

  return (
    <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-muted-foreground text-sm">
        Hotkeys are one letter or digit; {PLAYER_KEYS.join(', ')} stay the player&apos;s. The {PLAYER_GROUP} labels are your team&apos;s members: every
        button offers them.
      </p>
      {rows.length === 0 ? <p className="text-muted-foreground text-sm">No buttons yet.</p> : null}
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => (
          <li key={row.rowId}>
            <ButtonFields
              row={row}
              index={index}
              count={rows.length}
              errors={errors}
              onChange={(field, value) => set(row.rowId, field, value)}
              onMove={(to) => change(moved(rows, index, to))}
              onRemove={() => change(rows.filter((r) => r.rowId !== row.rowId))}
            />
          </li>
        ))}
      </ol>
      <Button type="button" variant="outline" className="self-start" disabled={rows.length >= CODE_BUTTONS_MAX} onClick={() => change([...rows, newEditorButton(rows)])}>
        <PlusIcon aria-hidden="true" /> Add a button
      </Button>
      <ErrorAlert error={errors[FORM_ERROR] ?? null} />
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        {saved ? (
          <span role="status" className="text-muted-foreground text-sm">
            Saved
          </span>
        ) : null}
      </div>
    </form>
  );
}

type ButtonFieldsProps = {
  row: EditorButton;
  index: number;
  count: number;
  errors: EditorErrors;
  onChange: (field: EditorField, value: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
};

function ButtonFields({ row, index, count, errors, onChange, onMove, onRemove }: ButtonFieldsProps) {
  const name = row.name.trim() || `Button ${index + 1}`;
  const error = (field: EditorField) => errors[fieldKey(row.rowId, field)];
  const text = (field: EditorField, label: string, props: React.ComponentProps<typeof Input> = {}, hint?: string) => (
    <FormField label={label} error={error(field)} hint={hint}>
      {(control) => <Input {...control} {...props} value={row[field]} onChange={(event) => onChange(field, event.target.value)} />}
    </FormField>
  );
  return (
    <fieldset className="bg-card flex flex-col gap-3 rounded-xl border p-3">
      <legend className="sr-only">{name}</legend>
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="flex min-h-9 min-w-0 flex-1 items-center rounded-lg px-3 text-sm font-semibold"
          style={{ backgroundColor: row.color, color: textOn(row.color) }}
        >
          <span className="truncate">{name}</span>
        </span>
        <Button type="button" variant="ghost" size="icon" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
          <ArrowUpIcon aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="icon" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          <ArrowDownIcon aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${name}`} onClick={onRemove}>
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
      <div className="grid gap-x-3 gap-y-1 sm:grid-cols-2">
        {text('name', 'Name')}
        <FormField label="Colour" error={error('color')}>
          {(control) => (
            <input
              {...control}
              type="color"
              value={row.color}
              onChange={(event) => onChange('color', event.target.value)}
              className="border-input h-10 w-20 cursor-pointer rounded-md border bg-transparent p-1 sm:h-9"
            />
          )}
        </FormField>
        {text('hotkey', 'Hotkey', { maxLength: 1, autoComplete: 'off', className: 'w-20 uppercase' }, 'One letter or digit, or none')}
        {text('group', 'Group', {}, 'Buttons of a group sit together')}
        {text('leadSeconds', 'Lead (seconds before)', { type: 'number', inputMode: 'decimal', min: 0, max: LEAD_LAG_MAX, step: 0.5 })}
        {text('lagSeconds', 'Lag (seconds after)', { type: 'number', inputMode: 'decimal', min: 0, max: LEAD_LAG_MAX, step: 0.5 })}
        <div className="sm:col-span-2">{text('labels', 'Labels', {}, 'Offered after a press, separated by commas')}</div>
      </div>
    </fieldset>
  );
}

/** The window as it is, for those who may not change it. */
export function CodeList({ codeWindow }: { codeWindow: CodeWindow }) {
  if (codeWindow.buttons.length === 0) return <p className="text-muted-foreground text-sm">Your team has no codes yet.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {codeWindow.buttons.map((b) => (
        <li key={b._id} className="bg-card flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border p-3 text-sm">
          <span className="rounded-md px-2 py-1 font-semibold" style={{ backgroundColor: b.color, color: textOn(b.color) }}>
            {b.name}
          </span>
          {b.hotkey ? <kbd className="rounded border px-1.5 font-mono text-xs uppercase">{b.hotkey}</kbd> : null}
          <span className="text-muted-foreground">
            {b.leadSeconds} s before, {b.lagSeconds} s after{b.group ? ` · ${b.group}` : ''}
          </span>
          {b.labels.length > 0 ? <span className="text-muted-foreground w-full">Labels: {b.labels.join(', ')}</span> : null}
        </li>
      ))}
    </ul>
  );
}
