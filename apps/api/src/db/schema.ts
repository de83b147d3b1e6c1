import type { Role } from '@qgw/contracts';

/**
 * Column conventions, chosen so that one set of migrations runs on SQLite and PostgreSQL:
 * text ids generated in code (randomUUID), ISO-8601 UTC text timestamps (they sort as text),
 * integer 0/1 booleans.
 */
export type IsoTime = string;
export type Bool01 = 0 | 1;

export type UserStatus = 'active' | 'disabled';

export interface UsersTable {
  id: string;
  mobile: string;
  password_hash: string;
  nickname: string;
  avatar: string | null;
  status: UserStatus;
  new_user: Bool01;
  created_at: IsoTime;
  updated_at: IsoTime;
}

export interface UserRolesTable {
  user_id: string;
  role: Role;
  created_at: IsoTime;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** sha256 of the bearer token, hex; the token itself is never stored */
  token_hash: string;
  created_at: IsoTime;
  last_used_at: IsoTime;
  /** absolute expiry */
  expires_at: IsoTime;
  revoked_at: IsoTime | null;
}

export interface WxBindingsTable {
  user_id: string;
  appid: string;
  openid: string;
  created_at: IsoTime;
}

export interface WxOauthStatesTable {
  /** sha256 of the OAuth `state`, hex */
  state_hash: string;
  session_id: string;
  user_id: string;
  created_at: IsoTime;
  expires_at: IsoTime;
  used_at: IsoTime | null;
}

export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
  created_at: IsoTime;
}

export interface Database {
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  wx_bindings: WxBindingsTable;
  wx_oauth_states: WxOauthStatesTable;
  audit_log: AuditLogTable;
}
