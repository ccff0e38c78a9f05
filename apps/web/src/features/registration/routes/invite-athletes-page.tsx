import { INVALID_INVITE_EMAIL, MAIN_CHANNEL } from '@app/contracts/teams';
import { MinusIcon, PlusIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';

import { ErrorAlert } from '@/components/error-alert';
import { PublicPage } from '@/components/public-page';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { createInvite } from '@/features/registration/api/create-invite';
import { useApiClient } from '@/lib/api-client-context';
import { useMe } from '@/lib/auth/get-me';
import { errorMessage } from '@/lib/error-message';
import { withNotice } from '@/lib/route-notice';

// The invite form starts with 3 rows.
const INITIAL_ROWS = 3;
const NEXT_STEP = '/register/subscribe/team';
/** After sending: the team's members page, where the invitations wait, saying how many went out. */
const AFTER_SENDING = '/team/members';
const sentNotice = (count: number) => (count === 1 ? '1 invitation sent.' : `${count} invitations sent.`);
const email = z.string().email(INVALID_INVITE_EMAIL);

type Row = { id: number; value: string; error?: string; sent?: boolean };

/**
 * /register/invite: email rows with '-' to remove one and '+' to add one, checked
 * on submit ('Invalid email address'); empty rows are skipped. Each address gets an
 * e-mailed invitation to the coach's team `main`; then on to the team's members page saying how
 * many went out (nothing entered: on to the team subscription, as Skip does).
 */
export function Component() {
  const api = useApiClient();
  const navigate = useNavigate();
  const record = useMe();
  const nextId = useRef(INITIAL_ROWS);
  const [rows, setRows] = useState<Row[]>(() => Array.from({ length: INITIAL_ROWS }, (_, id) => ({ id, value: '' })));
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string>();
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const baseId = useId();

  const update = (id: number, patch: Partial<Row>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    setFormError(undefined);
    const checked = rows.map((row) => {
      const value = row.value.trim();
      return { ...row, value, error: value === '' || email.safeParse(value).success ? undefined : INVALID_INVITE_EMAIL };
    });
    setRows(checked);
    const invalid = checked.find((row) => row.error);
    if (invalid) {
      inputs.current.get(invalid.id)?.focus();
      return;
    }
    const owner = record.data?.username;
    if (!owner) {
      setFormError(record.isError ? errorMessage(record.error) : 'Still loading your account. Please try again in a moment.');
      return;
    }
    setPending(true);
    try {
      const results = await Promise.all(
        checked
          .filter((row) => row.value !== '' && !row.sent)
          .map(async (row) => {
            try {
              await createInvite(api, { email: row.value, owner, channel: MAIN_CHANNEL });
              update(row.id, { sent: true, error: undefined });
              return true;
            } catch (error) {
              update(row.id, { error: errorMessage(error) });
              return false;
            }
          }),
      );
      if (!results.every(Boolean)) return;
      // Rows sent by an earlier try count too: every invitation of this form went out.
      const sent = checked.filter((row) => row.value !== '').length;
      if (sent === 0) void navigate(NEXT_STEP, { replace: true });
      else void navigate(AFTER_SENDING, { replace: true, state: withNotice(sentNotice(sent)) });
    } finally {
      setPending(false);
    }
  }

  return (
    <PublicPage
      title="Invite Athletes"
      description="Add the athletes on your team by email. Each one gets a link to join."
      footer={<Link to={NEXT_STEP}>Skip for now</Link>}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-3">
        <ul className="grid gap-2" aria-label="Athlete emails">
          {rows.map((row, index) => {
            const inputId = `${baseId}-${row.id}`;
            return (
              <li key={row.id} className="grid gap-1">
                <div className="flex items-center gap-2">
                  <label htmlFor={inputId} className="sr-only">
                    Athlete {index + 1} email
                  </label>
                  <Input
                    id={inputId}
                    ref={(element) => {
                      if (element) inputs.current.set(row.id, element);
                      else inputs.current.delete(row.id);
                    }}
                    type="email"
                    inputMode="email"
                    autoCapitalize="none"
                    spellCheck={false}
                    placeholder="athlete@example.com"
                    value={row.value}
                    disabled={row.sent}
                    aria-invalid={Boolean(row.error)}
                    aria-describedby={row.error ? `${inputId}-error` : undefined}
                    onChange={(event) => update(row.id, { value: event.target.value, error: undefined })}
                  />
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label={`Remove email row ${index + 1}`}
                    title={`Remove email row ${index + 1}`}
                    onClick={() => setRows((current) => current.filter((r) => r.id !== row.id))}
                  >
                    {/* The '-' button: the icon draws it, the label names it. */}
                    <MinusIcon aria-hidden="true" />
                  </Button>
                </div>
                {row.error ? (
                  <p id={`${inputId}-error`} className="text-destructive text-xs" aria-live="polite">
                    {row.error}
                  </p>
                ) : row.sent ? (
                  <p className="text-muted-foreground text-xs">Invitation sent.</p>
                ) : null}
              </li>
            );
          })}
        </ul>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Add another email"
          title="Add another email"
          onClick={() => setRows((current) => [...current, { id: nextId.current++, value: '' }])}
        >
          {/* The '+' button. */}
          <PlusIcon aria-hidden="true" />
        </Button>
        <ErrorAlert error={formError} />
        <SubmitButton pending={pending}>Send invitations</SubmitButton>
      </form>
    </PublicPage>
  );
}
