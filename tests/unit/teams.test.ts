import { createTranslator, type Messages } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { locales } from '@/i18n/locales';
import { renderTeamInvitation } from '@/lib/mail/team-invitation';
import { findRoute, rowOf } from '@/lib/routes/route-table';
import { teamErrorCodes, teamErrorKey } from '@/lib/teams/team-errors';
import {
  createTeamSchema,
  deleteTeamSchema,
  inviteSchema,
  isInvitationToken,
  isTeamSlug,
  suggestSlug,
} from '@/lib/teams/team-schema';
import { loadMessages } from './support/message-files';

// The teams' pure logic: the form schemas (the database's own limits), the database's refusal codes in words,
// plurals in every language, the routes, and the invitation mail.

const translator = (locale: (typeof locales)[number]) =>
  createTranslator({ locale, messages: loadMessages(locale) as unknown as Messages, namespace: 'Teams' });

describe('team schemas', () => {
  it('takes a slug of 3 to 48 lower-case letters, digits and inner hyphens, lower-casing what was typed', () => {
    expect(createTeamSchema.safeParse({ name: 'Design', slug: ' Design-Team ' }).data).toEqual({
      name: 'Design',
      slug: 'design-team',
    });
    for (const slug of ['ab', '-abc', 'abc-', 'a b c', 'ab_c', 'café', 'a'.repeat(49), ''])
      expect(createTeamSchema.safeParse({ name: 'x', slug }).success, slug).toBe(false);
    for (const slug of ['abc', 'a-b', '123', 'a'.repeat(48)]) expect(isTeamSlug(slug), slug).toBe(true);
    expect(isTeamSlug('ABC')).toBe(false);
    expect(isTeamSlug(undefined)).toBe(false);
  });

  it('names the rule a bad slug breaks, for its message', () => {
    const issue = createTeamSchema.safeParse({ name: 'x', slug: 'bad-' }).error!.issues[0]!;
    expect(issue.message).toBe('slugPattern');
  });

  it('takes a name of 1 to 80 characters, trimmed, and refuses one of spaces only', () => {
    expect(createTeamSchema.safeParse({ name: '  فريق  ', slug: 'abc' }).data?.name).toBe('فريق');
    expect(createTeamSchema.safeParse({ name: '   ', slug: 'abc' }).error!.issues[0]!.message).toBe(
      'whitespace',
    );
    expect(createTeamSchema.safeParse({ name: 'x'.repeat(81), slug: 'abc' }).success).toBe(false);
    expect(createTeamSchema.safeParse({ name: 'x'.repeat(80), slug: 'abc' }).success).toBe(true);
  });

  it('invites an address with the role member or admin, never owner', () => {
    expect(inviteSchema.safeParse({ email: ' a@example.com ', role: 'admin' }).data).toEqual({
      email: 'a@example.com',
      role: 'admin',
    });
    expect(inviteSchema.safeParse({ email: 'a@example.com', role: 'owner' }).success).toBe(false);
    expect(inviteSchema.safeParse({ email: 'not-an-address', role: 'member' }).success).toBe(false);
  });

  it('deletes a team only after its slug is typed exactly', () => {
    expect(deleteTeamSchema('design').safeParse({ confirmation: 'design' }).success).toBe(true);
    expect(deleteTeamSchema('design').safeParse({ confirmation: 'Design' }).error!.issues[0]!.message).toBe(
      'confirmationMismatch',
    );
  });

  it('proposes a slug from a Latin name, and none from a name without Latin letters', () => {
    expect(suggestSlug('Équipe Design — Berlin 2026!')).toBe('equipe-design-berlin-2026');
    expect(suggestSlug('فريق التصميم')).toBe('');
    expect(suggestSlug(`${'a'.repeat(47)} b`)).toBe('a'.repeat(47));
  });

  it('knows an invitation token by its shape: 43 base64url characters', () => {
    expect(isInvitationToken('A'.repeat(43))).toBe(true);
    expect(isInvitationToken('A'.repeat(42))).toBe(false);
    expect(isInvitationToken(`${'A'.repeat(42)}=`)).toBe(false);
  });
});

describe("the database's refusals in words", () => {
  it('maps each code the database raises to its own message, in every language', () => {
    for (const code of teamErrorCodes) {
      expect(teamErrorKey({ code: 'P0001', message: code })).toBe(code);
      for (const locale of locales)
        expect(translator(locale)(`errors.${code}`), `${locale} ${code}`).not.toBe('');
    }
  });

  it('says "not allowed" for a refusal of row-level security, and nothing for other failures', () => {
    expect(teamErrorKey({ code: '42501', message: 'permission denied' })).toBe('notAllowed');
    expect(teamErrorKey({ code: 'P0001', message: 'something else' })).toBeNull();
    expect(teamErrorKey({ code: 'PGRST301', message: 'team_last_owner' })).toBeNull();
    expect(teamErrorKey(null)).toBeNull();
  });
});

describe('member and invitation counts', () => {
  it('uses all six of Arabic’s plural forms', () => {
    const t = translator('ar');
    const members = [0, 1, 2, 3, 11, 100].map((count) => t('memberCount', { count }));
    expect(members).toEqual(['لا أعضاء', 'عضو واحد', 'عضوان', '3 أعضاء', '11 عضوًا', '100 عضو']);
    const invitations = [0, 1, 2, 3, 11, 100].map((count) => t('invitationCount', { count }));
    expect(invitations[0]).toBe('لا دعوات مفتوحة');
    expect(invitations[1]).toBe('دعوة مفتوحة واحدة');
    expect(invitations[2]).toBe('دعوتان مفتوحتان');
    expect(invitations[3]).toBe('3 دعوات مفتوحة');
  });

  it('says one and many in English, and none with its own words', () => {
    const t = translator('en');
    expect([0, 1, 2].map((count) => t('invitationCount', { count }))).toEqual([
      'No open invitations',
      '1 open invitation',
      '2 open invitations',
    ]);
    expect(t('memberCount', { count: 1 })).toBe('1 member');
  });
});

describe('team routes', () => {
  it('declares the team pages private and never stored, and the invitation page open to anyone', () => {
    for (const path of ['/teams', '/teams/design', '/teams/design/notes'])
      expect(findRoute(path), path).toMatchObject({
        access: 'signed-in',
        caching: 'private',
        worker: 'network',
      });
    expect(findRoute(`/invitations/${'A'.repeat(43)}`)).toMatchObject({
      access: 'anyone',
      caching: 'private',
      worker: 'network',
      search: 'disallowed',
    });
  });

  it('checks the team of a per-team page, its slug in the middle of the path or at its end', () => {
    expect(rowOf('/teams/design')).toMatchObject({
      key: 'design',
      parent: '/teams',
      row: { table: 'teams' },
    });
    expect(rowOf('/teams/design/notes')).toMatchObject({ key: 'design', parent: '/teams' }); // example:notes
    expect(rowOf('/teams')).toBeNull();
  });
});

describe('the invitation mail', () => {
  const siteUrl = new URL('https://polyglot.example');
  const token = 'T'.repeat(43);
  for (const locale of locales)
    it(`${locale}: the auth mails' layout, the token once in each part, the team's name escaped`, async () => {
      const words = (loadMessages(locale) as { Email: { app_team_invitation: Record<string, string> } }).Email
        .app_team_invitation;
      const mail = await renderTeamInvitation(
        { to: 'b@example.com', token, teamName: '<Design & Co>', role: 'admin', invitedBy: 'a@example.com' },
        locale,
        siteUrl,
      );
      expect(mail.subject).toBe(words.subject);
      expect(mail.html).toMatch(
        new RegExp(`^<!doctype html>\\n<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`),
      );
      expect(mail.html).not.toContain('{{');
      expect(mail.html).toContain('<strong dir="auto">&lt;Design &amp; Co&gt;</strong>');
      expect(mail.html).toContain(`<strong>${words.roleAdmin}</strong>`);
      const link = `https://polyglot.example/${locale}/invitations/${token}`;
      expect(mail.html.split(token)).toHaveLength(2);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.text.split(token)).toHaveLength(2);
      expect(mail.text).toContain(`${words.button}: ${link}`);
      expect(mail.text).toContain('<Design & Co>');
    });
});
