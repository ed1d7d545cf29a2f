-- Teams (supabase/migrations/*_teams.sql) as the Data API runs requests (tests/postgres/fixtures.sql): Alice owns
-- a team, Bob becomes its admin and Carol its member through invitations; Dave's address is unconfirmed. Each rule
-- is refused by the database itself, and the row it would have changed stays as it was.
begin;
set local search_path = public, extensions;
select plan(94);

-- Creating a team -------------------------------------------------------------------------------------------------
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select lives_ok(
  $$ select set_config('tests.team', (public.create_team('acme', 'Acme')).id::text, true) $$,
  'a signed-in user creates a team (create_team)'
);
select results_eq(
  $$ select user_id, role::text from public.team_members where team_id = current_setting('tests.team')::uuid $$,
  $$ values ('a1a1a1a1-0000-4000-8000-000000000001'::uuid, 'owner') $$,
  'the creator is its owner, in the same transaction'
);
select throws_ok($$ select public.create_team('acme', 'Another') $$, 'P0001', 'team_slug_taken', 'a used slug is refused');
select throws_ok($$ select public.create_team('-acme', 'Bad') $$, '23514', null, 'a slug starting with a hyphen is refused');
select throws_ok($$ select public.create_team('Acme2', 'Bad') $$, '23514', null, 'an upper-case slug is refused');
select throws_ok($$ select public.create_team('ab', 'Bad') $$, '23514', null, 'a slug under 3 characters is refused');
select throws_ok($$ select public.create_team('acme-2', ' Padded ') $$, '23514', null, 'an untrimmed name is refused');
select throws_ok($$ select public.create_team('acme-2', repeat('n', 81)) $$, '23514', null, 'a name over 80 characters is refused');
select throws_ok(
  $$ insert into public.team_members (team_id, user_id, role) values (current_setting('tests.team')::uuid, 'b2b2b2b2-0000-4000-8000-000000000002', 'owner') $$,
  '42501', null, 'nobody adds a membership directly (no insert grant)'
);
select throws_ok(
  $$ insert into public.teams (slug, name) values ('direct', 'Direct') $$,
  '42501', null, 'nobody adds a team directly (create_team does)'
);

-- Anon ------------------------------------------------------------------------------------------------------------
select tests.as_anon();
select throws_ok($$ select * from public.teams $$, '42501', null, 'anon reads no teams');
select throws_ok($$ select * from public.team_members $$, '42501', null, 'anon reads no memberships');
select throws_ok($$ select * from public.team_invitations $$, '42501', null, 'anon reads no invitations');
select throws_ok($$ select public.create_team('anon-team', 'Anon') $$, '42501', null, 'anon creates no team');
select throws_ok($$ select public.accept_team_invitation('x') $$, '42501', null, 'anon accepts nothing');
select throws_ok($$ select private.member_team_ids() $$, '42501', null, 'anon cannot call the policies'' helpers');

-- Invitations -----------------------------------------------------------------------------------------------------
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select lives_ok(
  $$ select set_config('tests.bob_token', token, true), set_config('tests.bob_invitation', invitation_id::text, true)
     from public.invite_to_team(current_setting('tests.team')::uuid, ' Bob@Example.com ', 'admin', 'de') $$,
  'the owner invites an address as admin'
);
select ok(current_setting('tests.bob_token') ~ '^[A-Za-z0-9_-]{43}$', 'the token is 32 bytes in base64url');
select results_eq(
  $$ select email, role::text, token_hash = sha256(decode(translate(current_setting('tests.bob_token'), '-_', '+/') || '=', 'base64')),
            expires_at = created_at + interval '7 days'
     from public.team_invitations where id = current_setting('tests.bob_invitation')::uuid $$,
  $$ values ('bob@example.com', 'admin', true, true) $$,
  'the address is stored lower-case, only the token''s SHA-256 is kept, and it expires in 7 days'
);
select is(
  (select count(*)::int from information_schema.columns where table_schema = 'public' and table_name = 'team_invitations' and column_name like '%token%' and column_name <> 'token_hash'),
  0, 'no column holds the token itself'
);
select results_eq(
  $$ select locale from public.invite_to_team(current_setting('tests.team')::uuid, 'nobody@example.com', 'member', 'fr') $$,
  $$ values ('fr') $$,
  'an address without an account gets the inviter''s language'
);
select results_eq(
  $$ select locale from public.invite_to_team(current_setting('tests.team')::uuid, 'dave@example.com', 'member', 'fr') $$,
  $$ values ('ja') $$,
  'an address with an account gets its stored language'
);
select throws_ok(
  $$ select * from public.invite_to_team(current_setting('tests.team')::uuid, 'alice@example.com', 'member', 'en') $$,
  'P0001', 'team_invitation_member', 'a member''s address is refused'
);
select throws_ok(
  $$ select * from public.invite_to_team(current_setting('tests.team')::uuid, 'carol@example.com', 'owner', 'en') $$,
  'P0001', 'team_role_forbidden', 'nobody is invited as owner'
);
select throws_ok(
  $$ select * from public.invite_to_team(current_setting('tests.team')::uuid, 'not an address', 'member', 'en') $$,
  'P0001', 'team_invitation_email_invalid', 'a malformed address is refused'
);
select throws_ok(
  $$ select * from public.invite_to_team(current_setting('tests.team')::uuid, 'bob@example.com', 'member', 'en') $$,
  'P0001', 'team_invitation_resend_too_soon', 'inviting a pending address again within a minute is refused'
);
select throws_ok(
  $$ update public.team_invitations set role = 'member' $$,
  '42501', null, 'nobody changes an invitation directly'
);
select throws_ok(
  $$ insert into public.team_invitations (team_id, email, role, token_hash, expires_at) values (current_setting('tests.team')::uuid, 'x@example.com', 'member', '\x00', now()) $$,
  '42501', null, 'nobody writes an invitation directly'
);

-- Previews and acceptance -----------------------------------------------------------------------------------------
select tests.as_anon();
select results_eq(
  $$ select invitation_id::text, team_name, team_slug, email, role::text, status from public.team_invitation_preview(current_setting('tests.bob_token')) $$,
  $$ values (current_setting('tests.bob_invitation'), 'Acme', 'acme', 'bob@example.com', 'admin', 'pending') $$,
  'whoever holds the token sees what it invites to'
);
select is_empty($$ select * from public.team_invitation_preview('not-a-token') $$, 'a malformed token shows nothing');
select is_empty(
  $$ select * from public.team_invitation_preview(rtrim(translate(encode(sha256('x'), 'base64'), '+/', '-_'), '=')) $$,
  'an unknown token shows nothing'
);

-- Carol holds Bob's link: it is not her address.
select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal2');
select throws_ok(
  $$ select public.accept_team_invitation(current_setting('tests.bob_token')) $$,
  'P0001', 'invitation_wrong_address', 'another address cannot accept the invitation'
);
select throws_ok(
  $$ select public.accept_team_invitation('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA') $$,
  'P0001', 'invitation_not_found', 'an unknown token is not found'
);
select throws_ok(
  $$ select public.accept_team_invitation(p_invitation_id => current_setting('tests.bob_invitation')::uuid) $$,
  'P0001', 'invitation_not_found', 'by id, another address''s invitation names nothing'
);
select throws_ok(
  $$ select public.accept_team_invitation() $$,
  'P0001', 'invitation_not_found', 'neither a token nor an id names nothing'
);
select tests.as_user('b2b2b2b2-0000-4000-8000-000000000002', 'b2b2b2b2-5e55-4000-8000-000000000001');
select throws_ok(
  $$ select public.accept_team_invitation(current_setting('tests.bob_token'), current_setting('tests.bob_invitation')::uuid) $$,
  'P0001', 'invitation_not_found', 'a token and an id together name nothing'
);
select results_eq(
  $$ select status from public.team_invitation_preview(current_setting('tests.bob_token')) $$,
  $$ values ('pending') $$,
  'and the refused invitation is still open'
);
select tests.as_user('b2b2b2b2-0000-4000-8000-000000000002', 'b2b2b2b2-5e55-4000-8000-000000000001');
select is(public.accept_team_invitation(current_setting('tests.bob_token')), 'acme', 'the invitee accepts and gets the team''s slug');
select results_eq(
  $$ select role::text from public.team_members where team_id = current_setting('tests.team')::uuid and user_id = (select auth.uid()) $$,
  $$ values ('admin') $$,
  'and is a member with the invited role'
);
select throws_ok(
  $$ select public.accept_team_invitation(current_setting('tests.bob_token')) $$,
  'P0001', 'invitation_used', 'a used token is refused'
);
select throws_ok(
  $$ select public.accept_team_invitation(p_invitation_id => current_setting('tests.bob_invitation')::uuid) $$,
  'P0001', 'invitation_used', 'a used invitation is refused by id'
);

-- Dave's address is unconfirmed.
select tests.as_user('d4d4d4d4-0000-4000-8000-000000000004', 'd4d4d4d4-5e55-4000-8000-000000000001');
select is_empty($$ select * from public.my_team_invitations() $$, 'an unconfirmed address sees no invitations');
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select tests.as_service_role();
update public.team_invitations set last_sent_at = now() - interval '2 minutes' where email = 'dave@example.com';
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select lives_ok(
  $$ select set_config('tests.dave_token', token, true) from public.invite_to_team(current_setting('tests.team')::uuid, 'dave@example.com', 'member', 'en') $$,
  'a pending address is invited again after a minute, with a new token'
);
select tests.as_user('d4d4d4d4-0000-4000-8000-000000000004', 'd4d4d4d4-5e55-4000-8000-000000000001');
select throws_ok(
  $$ select public.accept_team_invitation(current_setting('tests.dave_token')) $$,
  'P0001', 'invitation_email_unconfirmed', 'an unconfirmed address cannot accept'
);

-- Carol: invited as a member; expired, revoked and declined first.
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select set_config('tests.carol_token', token, true), set_config('tests.carol_invitation', invitation_id::text, true)
from public.invite_to_team(current_setting('tests.team')::uuid, 'carol@example.com', 'member', 'en');
select tests.as_service_role();
update public.team_invitations set expires_at = now() - interval '1 second' where id = current_setting('tests.carol_invitation')::uuid;
select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal2');
select throws_ok(
  $$ select public.accept_team_invitation(current_setting('tests.carol_token')) $$,
  'P0001', 'invitation_expired', 'an expired token is refused'
);
select throws_ok(
  $$ select public.accept_team_invitation(p_invitation_id => current_setting('tests.carol_invitation')::uuid) $$,
  'P0001', 'invitation_expired', 'an expired invitation is refused by id'
);
select is_empty($$ select * from public.my_team_invitations() $$, 'an expired invitation is not waiting any more');
select tests.as_service_role();
update public.team_invitations set expires_at = now() + interval '1 day', revoked_at = now() where id = current_setting('tests.carol_invitation')::uuid;
select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal2');
select throws_ok(
  $$ select public.accept_team_invitation(current_setting('tests.carol_token')) $$,
  'P0001', 'invitation_revoked', 'a revoked token is refused'
);
select throws_ok(
  $$ select public.accept_team_invitation(p_invitation_id => current_setting('tests.carol_invitation')::uuid) $$,
  'P0001', 'invitation_revoked', 'a revoked invitation is refused by id'
);
select tests.as_service_role();
update public.team_invitations set revoked_at = null where id = current_setting('tests.carol_invitation')::uuid;
select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal2');
select results_eq(
  $$ select team_slug, role::text from public.my_team_invitations() $$,
  $$ values ('acme', 'member') $$,
  'the invitee sees the invitation waiting for her confirmed address'
);
select lives_ok($$ select public.decline_team_invitation(current_setting('tests.carol_invitation')::uuid) $$, 'the invitee declines');
select throws_ok(
  $$ select public.accept_team_invitation(current_setting('tests.carol_token')) $$,
  'P0001', 'invitation_declined', 'a declined token is refused'
);
select throws_ok(
  $$ select public.accept_team_invitation(p_invitation_id => current_setting('tests.carol_invitation')::uuid) $$,
  'P0001', 'invitation_declined', 'a declined invitation is refused by id'
);
select is(
  (select count(*)::int from public.team_members where team_id = current_setting('tests.team')::uuid and user_id = (select auth.uid())),
  0, 'no refusal made a membership'
);
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select results_eq(
  $$ select accepted_at is null, status from public.team_invitations i, public.team_invitation_preview(current_setting('tests.carol_token')) p
     where i.id = current_setting('tests.carol_invitation')::uuid $$,
  $$ values (true, 'declined') $$,
  'and the refused invitation is unspent'
);
select set_config('tests.carol_invitation', invitation_id::text, true)
from public.invite_to_team(current_setting('tests.team')::uuid, 'carol@example.com', 'member', 'en');
select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal2');
select is(
  public.accept_team_invitation(p_invitation_id => current_setting('tests.carol_invitation')::uuid), 'acme',
  'a new invitation after declining is accepted from the invitee''s list, by its id'
);

-- Roles -----------------------------------------------------------------------------------------------------------
-- Carol (member): sees her team, manages nobody.
select results_eq($$ select slug from public.teams $$, $$ values ('acme') $$, 'a member reads her team');
select is((select count(*)::int from public.team_members), 3, 'a member reads the team''s memberships');
select is_empty($$ select * from public.team_invitations $$, 'a member reads no invitations');
select is_empty(
  $$ update public.team_members set role = 'admin' where user_id = (select auth.uid()) returning 1 $$,
  'a member cannot raise her own role'
);
select is_empty($$ update public.team_members set role = 'member' returning 1 $$, 'a member changes nobody''s role');
select is_empty(
  $$ delete from public.team_members where user_id <> (select auth.uid()) returning 1 $$,
  'a member removes nobody'
);
select is_empty($$ update public.teams set name = 'Mine' returning 1 $$, 'a member does not rename the team');
select throws_ok(
  $$ select * from public.invite_to_team(current_setting('tests.team')::uuid, 'eve@example.com', 'member', 'en') $$,
  'P0001', 'team_role_forbidden', 'a member invites nobody'
);

-- Bob (admin): manages members and admins, never owners, and never raises himself.
select tests.as_user('b2b2b2b2-0000-4000-8000-000000000002', 'b2b2b2b2-5e55-4000-8000-000000000001');
select throws_ok(
  $$ update public.team_members set role = 'owner' where user_id = (select auth.uid()) $$,
  'P0001', 'team_role_forbidden', 'an admin cannot raise himself to owner'
);
select throws_ok(
  $$ update public.team_members set role = 'member' where user_id = 'a1a1a1a1-0000-4000-8000-000000000001' $$,
  'P0001', 'team_role_forbidden', 'an admin cannot demote an owner'
);
select throws_ok(
  $$ delete from public.team_members where user_id = 'a1a1a1a1-0000-4000-8000-000000000001' $$,
  'P0001', 'team_role_forbidden', 'an admin cannot remove an owner'
);
select throws_ok(
  $$ update public.team_members set role = 'owner' where user_id = 'c3c3c3c3-0000-4000-8000-000000000003' $$,
  'P0001', 'team_role_forbidden', 'an admin cannot make an owner'
);
select results_eq(
  $$ update public.team_members set role = 'admin' where user_id = 'c3c3c3c3-0000-4000-8000-000000000003' returning role::text $$,
  $$ values ('admin') $$,
  'an admin makes a member an admin'
);
select results_eq(
  $$ update public.team_members set role = 'member' where user_id = 'c3c3c3c3-0000-4000-8000-000000000003' returning role::text $$,
  $$ values ('member') $$,
  'and an admin a member again'
);
select throws_ok(
  $$ update public.team_members set user_id = (select auth.uid()) where user_id = 'c3c3c3c3-0000-4000-8000-000000000003' $$,
  '42501', null, 'a membership never moves to another person (only role is granted)'
);
select results_eq($$ update public.teams set name = 'Acme Corp' returning name $$, $$ values ('Acme Corp') $$, 'an admin renames the team');
select throws_ok($$ update public.teams set slug = 'taken' $$, '42501', null, 'the slug is not renamed (only name is granted)');
select is_empty($$ delete from public.teams returning 1 $$, 'an admin does not delete the team');
select throws_ok(
  $$ select public.transfer_team_ownership(current_setting('tests.team')::uuid, (select auth.uid())) $$,
  'P0001', 'team_role_forbidden', 'an admin does not transfer ownership'
);
select results_eq(
  $$ select user_id, role::text from public.team_members where team_id = current_setting('tests.team')::uuid order by user_id $$,
  $$ values ('a1a1a1a1-0000-4000-8000-000000000001'::uuid, 'owner'), ('b2b2b2b2-0000-4000-8000-000000000002'::uuid, 'admin'), ('c3c3c3c3-0000-4000-8000-000000000003'::uuid, 'member') $$,
  'after every refusal the roles are as they were'
);

-- Alice (owner): the last owner stays.
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select throws_ok(
  $$ update public.team_members set role = 'admin' where user_id = (select auth.uid()) $$,
  'P0001', 'team_last_owner', 'the last owner cannot step down'
);
select throws_ok(
  $$ delete from public.team_members where user_id = (select auth.uid()) $$,
  'P0001', 'team_last_owner', 'the last owner cannot leave'
);
select results_eq(
  $$ select * from public.account_deletion_blockers() $$,
  $$ values ('acme', 'Acme Corp') $$,
  'a sole owner with members is told which team stops the account''s deletion'
);
select throws_ok(
  $$ select tests.delete_account((select auth.uid())) $$,
  'P0001', 'team_sole_owner', 'and the account''s deletion is refused'
);
select throws_ok(
  $$ select public.transfer_team_ownership(current_setting('tests.team')::uuid, 'd4d4d4d4-0000-4000-8000-000000000004') $$,
  'P0001', 'team_member_not_found', 'ownership goes to members only'
);
select lives_ok(
  $$ select public.transfer_team_ownership(current_setting('tests.team')::uuid, 'b2b2b2b2-0000-4000-8000-000000000002') $$,
  'the owner transfers ownership to a member'
);
select results_eq(
  $$ select user_id, role::text from public.team_members where team_id = current_setting('tests.team')::uuid and role <> 'member' order by user_id $$,
  $$ values ('a1a1a1a1-0000-4000-8000-000000000001'::uuid, 'admin'), ('b2b2b2b2-0000-4000-8000-000000000002'::uuid, 'owner') $$,
  'who receives it is the owner; the giver stays on as an admin'
);
select lives_ok($$ select tests.delete_account((select auth.uid())) $$, 'an account that is not a sole owner is deleted');
select tests.as_user('b2b2b2b2-0000-4000-8000-000000000002', 'b2b2b2b2-5e55-4000-8000-000000000001');
select results_eq(
  $$ select user_id from public.team_members order by user_id $$,
  $$ values ('b2b2b2b2-0000-4000-8000-000000000002'::uuid), ('c3c3c3c3-0000-4000-8000-000000000003'::uuid) $$,
  'its membership went with it'
);

-- Removing, and the end of a team.
select results_eq(
  $$ delete from public.team_members where user_id = 'c3c3c3c3-0000-4000-8000-000000000003' returning user_id $$,
  $$ values ('c3c3c3c3-0000-4000-8000-000000000003'::uuid) $$,
  'an owner removes a member'
);
select lives_ok($$ select tests.delete_account((select auth.uid())) $$, 'the last member deletes their account');
select tests.as_service_role();
select is(
  (select count(*)::int from public.teams where id = current_setting('tests.team')::uuid)
    + (select count(*)::int from public.team_invitations where team_id = current_setting('tests.team')::uuid),
  0, 'a team left with nobody is deleted, its invitations with it'
);

-- Limits ----------------------------------------------------------------------------------------------------------
select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal2');
select set_config('tests.team', (public.create_team('limits', 'Limits')).id::text, true);
select lives_ok(
  $$ select count(*) from generate_series(1, 20) n,
       public.invite_to_team(current_setting('tests.team')::uuid, 'pending' || n || '@example.com', 'member', 'en') $$,
  '20 invitations may be pending'
);
select throws_ok(
  $$ select * from public.invite_to_team(current_setting('tests.team')::uuid, 'one-more@example.com', 'member', 'en') $$,
  'P0001', 'team_invitation_limit', 'the 21st pending invitation is refused'
);
select lives_ok(
  $$ select count(public.revoke_team_invitation(i.id)) from public.team_invitations i where team_id = current_setting('tests.team')::uuid $$,
  'revoking frees the places'
);
select lives_ok(
  $$ select count(public.revoke_team_invitation(x.invitation_id)) from generate_series(21, 50) n,
       public.invite_to_team(current_setting('tests.team')::uuid, 'sent' || n || '@example.com', 'member', 'en') x $$,
  '50 invitations are sent in a day'
);
select throws_ok(
  $$ select * from public.invite_to_team(current_setting('tests.team')::uuid, 'fifty-one@example.com', 'member', 'en') $$,
  'P0001', 'team_invitation_daily_limit', 'the 51st in a day is refused'
);
select is(
  (select count(*)::int from public.team_invitations where team_id = current_setting('tests.team')::uuid),
  50, 'and nothing was written for it'
);

select * from finish();
rollback;
