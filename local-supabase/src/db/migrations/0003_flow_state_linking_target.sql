-- GoTrue's flow_state.linking_target_id: the signed-in user an OAuth flow started by /user/identities/authorize links to.
alter table auth.flow_state add column linking_target_id uuid;
