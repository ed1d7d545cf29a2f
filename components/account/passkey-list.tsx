'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { isolated, isolatedText } from '@/i18n/isolate';
import { deletePasskey, renamePasskey } from '@/lib/auth/actions/passkeys';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import { type FormState, initialFormState } from '@/lib/forms/form-state';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { EndSessionsOffer } from './end-sessions-offer';
import { PasskeyTime } from './passkey-time';
import { passkeyNameDirection } from '@/lib/auth/passkey-device-name';

export interface PasskeyEntry {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

type Done = (result: FormState, moveFocus: boolean) => void;

function RenameForm({
  passkey,
  onDone,
  onCancel,
}: {
  passkey: PasskeyEntry;
  onDone: Done;
  onCancel: () => void;
}) {
  const t = useTranslations('Passkeys');
  const locale = useLocale();
  const { state, formProps, errors } = useValidatedAction(
    async (previous: FormState, formData: FormData) => {
      const result = await renamePasskey(previous, formData);
      if (result.status === 'success') onDone(result, false);
      return result;
    },
    loadFormSchema((schemas) => schemas.renamePasskeySchema),
  );
  return (
    <form
      {...formProps}
      noValidate
      className="grid gap-3"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <FormContextFields locale={locale} />
      <input type="hidden" name="id" value={passkey.id} />
      <FormMessage state={state} />
      <FormField
        idPrefix={`passkey-${passkey.id}`}
        name="name"
        label={t('newName')}
        autoComplete="off"
        required
        autoFocus
        defaultValue={state.values?.name ?? passkey.name}
        error={errors.name}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton size="sm" variant="secondary">
          {t('save')}
        </SubmitButton>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

function DeleteDialog({ passkey, onDone }: { passkey: PasskeyEntry; onDone: Done }) {
  const t = useTranslations('Passkeys');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<FormState>(initialFormState);
  const deleted = useRef(false);

  async function remove(formData: FormData) {
    const result = await deletePasskey(initialFormState, formData);
    if (result.status !== 'success') return setState(result);
    deleted.current = true;
    setOpen(false);
    onDone(result, true);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setState(initialFormState);
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={t.markup('deleteItem', { name: passkey.name, ...isolatedText })}
        >
          {t('delete')}
        </Button>
      </DialogTrigger>
      <DialogContent
        closeLabel={t('close')}
        // The trigger leaves with the deleted passkey: the list moves focus to its message instead.
        onCloseAutoFocus={(event) => deleted.current && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{t('deleteTitle')}</DialogTitle>
          <DialogDescription>
            {t.rich('deleteDescription', { name: passkey.name, ...isolated })}
          </DialogDescription>
        </DialogHeader>
        <form action={remove} className="grid gap-4">
          <FormContextFields locale={locale} />
          <input type="hidden" name="id" value={passkey.id} />
          <FormMessage state={state} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('cancel')}
              </Button>
            </DialogClose>
            <SubmitButton variant="destructive">{t('deleteConfirm')}</SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function PasskeyItem({ passkey, onDone }: { passkey: PasskeyEntry; onDone: Done }) {
  const t = useTranslations('Passkeys');
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (renaming || !returnFocus.current) return;
    returnFocus.current = false;
    renameButton.current?.focus();
  }, [renaming]);

  function closeRename() {
    returnFocus.current = true;
    setRenaming(false);
  }

  return (
    <li className="grid gap-3 p-4" data-testid="passkey-item">
      <p className="font-medium break-words">
        <bdi dir={passkeyNameDirection(passkey.name)}>{passkey.name}</bdi>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <dt>{t('createdAt')}</dt>
        <dd>
          <PasskeyTime iso={passkey.createdAt} />
        </dd>
        <dt>{t('lastUsedAt')}</dt>
        <dd data-testid="passkey-last-used">
          {passkey.lastUsedAt ? <PasskeyTime iso={passkey.lastUsedAt} /> : t('neverUsed')}
        </dd>
      </dl>
      {renaming ? (
        <RenameForm
          passkey={passkey}
          onCancel={closeRename}
          onDone={(result, moveFocus) => {
            closeRename();
            onDone(result, moveFocus);
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            ref={renameButton}
            variant="outline"
            size="sm"
            aria-label={t.markup('renameItem', { name: passkey.name, ...isolatedText })}
            onClick={() => setRenaming(true)}
          >
            {t('rename')}
          </Button>
          <DeleteDialog passkey={passkey} onDone={onDone} />
        </div>
      )}
    </li>
  );
}

/** The visitor's passkeys, each with rename and delete; the outcome of either is announced above the list. */
export function PasskeyList({ passkeys }: { passkeys: PasskeyEntry[] }) {
  const t = useTranslations('Passkeys');
  const [status, setStatus] = useState<FormState>(initialFormState);
  const [focusStatus, setFocusStatus] = useState(0);
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusStatus) statusRef.current?.focus();
  }, [focusStatus]);

  return (
    <div className="grid gap-3">
      <div
        ref={statusRef}
        tabIndex={-1}
        data-testid="passkey-status"
        className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <FormMessage state={status} />
      </div>
      <EndSessionsOffer state={status} />
      {passkeys.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('empty')}</p>
      ) : (
        <ul aria-label={t('listLabel')} className="grid divide-y rounded-md border">
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              onDone={(result, moveFocus) => {
                setStatus(result);
                if (moveFocus) setFocusStatus((count) => count + 1);
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
