import { inviteMemberInput } from '@app/contracts/teams';
import { z } from 'zod';

import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { useInviteMember } from '@/features/members/api/invite-member';
import { errorMessage } from '@/lib/error-message';
import { useZodForm } from '@/lib/use-zod-form';

// Empty, an email, a plain username or a partial email while typing; sending needs a value.
const schema = z.object({ member: inviteMemberInput.refine((value) => value !== '', 'Required') });

type InviteMemberFormProps = {
  owner: string;
  channel: string;
  /** Called with the confirmation to show once an invitation is made. */
  onInvited: (message: string) => void;
};

/** The channel owner's invite form (docs/product.md#registration-and-teams). */
export function InviteMemberForm({ owner, channel, onInvited }: InviteMemberFormProps) {
  const invite = useInviteMember(owner, channel);
  const form = useZodForm(schema, { member: '' });
  const submit = form.handleSubmit(async ({ member }) => {
    try {
      const sent = await invite.mutateAsync(member);
      const who = sent.email ?? `@${sent.username}`;
      onInvited(sent.emailed ? `Invitation sent to ${who}.` : `${who} is invited. No e-mail went out, so let them know.`);
      form.reset();
    } catch (error) {
      form.setError('member', errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-2 sm:flex sm:items-start">
      <FormField
        label="Invite a member"
        error={form.errors.member}
        hint="An e-mail address or a username."
        className="sm:flex-1"
      >
        {(control) => <Input {...control} {...form.field('member')} placeholder="athlete@example.com or @username" autoCapitalize="none" spellCheck={false} />}
      </FormField>
      <SubmitButton pending={form.pending} className="sm:mt-6 sm:w-auto">
        Invite
      </SubmitButton>
    </form>
  );
}
