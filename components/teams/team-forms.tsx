'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRef } from 'react';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { TypedConfirmationForm } from '@/components/forms/typed-confirmation-form';
import { Label } from '@/components/ui/label';
import type { FormState } from '@/lib/forms/form-state';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { createTeam, deleteTeam, inviteToTeam, renameTeam } from '@/lib/teams/team-actions';
import { suggestSlug } from '@/lib/teams/suggest-slug';
import { invitationRoles, teamLimits } from '@/lib/teams/team-schema';

const loadSchemas = () => import('@/lib/teams/team-schema');

/** A new team: its name and its address (slug), proposed from the name until the address is edited. */
export function CreateTeamForm({ answer }: { answer?: FormState }) {
  const t = useTranslations('Teams');
  const locale = useLocale();
  const slug = useRef<HTMLInputElement>(null);
  const { state, formProps, errors } = useValidatedAction(
    createTeam,
    () => loadSchemas().then((schemas) => schemas.createTeamSchema),
    answer,
  );
  // The address follows the name as it is typed, until the person edits the address themselves.
  const slugEdited = useRef(false);
  const propose = (name: string) => {
    if (slug.current && !slugEdited.current) slug.current.value = suggestSlug(name);
  };
  return (
    <form {...formProps} noValidate className="grid gap-4" data-testid="team-create-form">
      <input type="hidden" name="locale" value={locale} />
      <FormMessage state={state} />
      <FormField
        idPrefix="team-create"
        name="name"
        label={t('nameLabel')}
        autoComplete="off"
        dir="auto"
        required
        maxLength={teamLimits.nameMax}
        defaultValue={state.values?.name}
        error={errors.name}
        onChange={(event) => propose(event.currentTarget.value)}
      />
      <FormField
        ref={slug}
        onChange={() => (slugEdited.current = true)}
        idPrefix="team-create"
        name="slug"
        label={t('slugLabel')}
        autoComplete="off"
        dir="ltr"
        required
        spellCheck={false}
        autoCapitalize="none"
        maxLength={teamLimits.slugMax}
        defaultValue={state.values?.slug}
        error={errors.slug}
        description={t('slugHint', { min: teamLimits.slugMin, max: teamLimits.slugMax })}
      />
      <SubmitButton className="justify-self-start" pendingLabel={t('creating')}>
        {t('create')}
      </SubmitButton>
    </form>
  );
}

/** The team's name, for its admins and owners. */
export function RenameTeamForm({
  teamId,
  slug,
  name,
  answer,
}: {
  teamId: string;
  slug: string;
  name: string;
  answer?: FormState;
}) {
  const t = useTranslations('Teams');
  const { state, formProps, errors } = useValidatedAction(
    renameTeam,
    () => loadSchemas().then((schemas) => schemas.renameTeamSchema),
    answer,
  );
  return (
    <form {...formProps} noValidate className="grid gap-4" data-testid="team-rename-form">
      <TeamFields teamId={teamId} slug={slug} />
      <FormMessage state={state} />
      <FormField
        idPrefix="team-rename"
        name="name"
        label={t('nameLabel')}
        autoComplete="off"
        dir="auto"
        required
        maxLength={teamLimits.nameMax}
        defaultValue={state.values?.name ?? name}
        error={errors.name}
      />
      <SubmitButton className="justify-self-start" variant="outline">
        {t('rename')}
      </SubmitButton>
    </form>
  );
}

/** An invitation by email with a role; the answer is the same whether the address has an account or not. */
export function InviteForm({ teamId, slug, answer }: { teamId: string; slug: string; answer?: FormState }) {
  const t = useTranslations('Teams');
  const { state, formProps, errors } = useValidatedAction(
    inviteToTeam,
    () => loadSchemas().then((schemas) => schemas.inviteSchema),
    answer,
  );
  return (
    <form {...formProps} noValidate className="grid gap-4" data-testid="team-invite-form">
      <TeamFields teamId={teamId} slug={slug} />
      <FormMessage state={state} />
      <FormField
        idPrefix="team-invite"
        name="email"
        type="email"
        label={t('inviteEmail')}
        autoComplete="off"
        dir="ltr"
        required
        defaultValue={state.values?.email}
        error={errors.email}
      />
      <RoleSelect
        id="team-invite-role"
        label={t('roleLabel')}
        defaultValue={state.values?.role ?? 'member'}
      />
      <SubmitButton className="justify-self-start" pendingLabel={t('sending')}>
        {t('invite')}
      </SubmitButton>
    </form>
  );
}

/** A native select of the roles an invitation or a change can give (works without JavaScript). */
export function RoleSelect({
  id,
  label,
  defaultValue,
  labelHidden = false,
}: {
  id: string;
  label: string;
  defaultValue: string;
  labelHidden?: boolean;
}) {
  const t = useTranslations('Teams.roles');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className={labelHidden ? 'sr-only' : undefined}>
        {label}
      </Label>
      <select
        id={id}
        name="role"
        defaultValue={defaultValue}
        className="h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {invitationRoles.map((role) => (
          <option key={role} value={role}>
            {t(role)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Deleting the team, after typing its address exactly. */
export function DeleteTeamForm({
  teamId,
  slug,
  answer,
}: {
  teamId: string;
  slug: string;
  answer?: FormState;
}) {
  const t = useTranslations('Teams');
  return (
    <TypedConfirmationForm
      action={deleteTeam}
      loadSchema={() => loadSchemas().then((schemas) => schemas.deleteTeamSchema(slug))}
      answer={answer}
      idPrefix="team-delete"
      label={t('deleteConfirmation', { slug })}
      submit={t('deleteSubmit')}
      dir="ltr"
      testId="team-delete-form"
    >
      <TeamFields teamId={teamId} slug={slug} />
    </TypedConfirmationForm>
  );
}

/** What every form about a team posts besides its own fields: the language, the team, and its page's address. */
function TeamFields({ teamId, slug }: { teamId: string; slug: string }) {
  return (
    <>
      <input type="hidden" name="locale" value={useLocale()} />
      <input type="hidden" name="teamId" value={teamId} />
      <input type="hidden" name="slug" value={slug} />
    </>
  );
}
