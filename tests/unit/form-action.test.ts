import { describe, expect, it } from 'vitest';
import { asFormData, formAction } from '@/lib/forms/form-action';
import type { FormState } from '@/lib/forms/form-state';

// An action that reports what it was handed.
const fieldCount = formAction(async (_previous, formData) => ({
  status: 'idle',
  message: String([...formData.keys()].length),
}));
const idle: FormState = { status: 'idle' };

describe('formAction', () => {
  it('hands real form data through untouched', async () => {
    const formData = new FormData();
    formData.set('email', 'a@b.c');
    formData.set('locale', 'de');
    expect(await fieldCount(idle, formData)).toEqual({ status: 'idle', message: '2' });
  });

  it('turns anything else a crafted call sends into an empty form', async () => {
    for (const junk of [undefined, null, 'text', 42, { get: 'not a function' }, ['email', 'a@b.c']]) {
      expect(await fieldCount(idle, junk as unknown as FormData)).toEqual({ status: 'idle', message: '0' });
    }
  });
});

describe('asFormData', () => {
  it('keeps form data and replaces the rest', () => {
    const formData = new FormData();
    expect(asFormData(formData)).toBe(formData);
    expect(asFormData('locale=de')).toBeInstanceOf(FormData);
    expect([...asFormData({ locale: 'de' }).keys()]).toEqual([]);
  });
});
