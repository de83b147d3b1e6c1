import { describe, expect, it } from 'vitest';
import { otherSchemaVanished } from './index.js';

/** PostgreSQL's answers when another schema is dropped while the migrator reads the catalogue. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('a schema dropped by someone else during the catalogue read is retried, nothing else', () => {
  it('retries 3F000, 42P01 and 42703 naming another schema or its tables, before anything was applied', () => {
    expect(otherSchemaVanished(pgError('3F000', 'schema "t_other" does not exist'), [], 't_mine')).toBe(true);
    expect(otherSchemaVanished(pgError('42P01', 'relation "t_other.user_roles" does not exist'), undefined, 't_mine')).toBe(true);
    // a column dropped by another schema's migration while its sequences were looked up
    expect(otherSchemaVanished(pgError('42703', 'column "programme_id" of relation "rubric_versions" does not exist'), [], 't_mine')).toBe(true);
  });

  it('does not retry a failure in its own schema, after a migration ran, or of another kind', () => {
    expect(otherSchemaVanished(pgError('42P01', 'relation "t_mine.user_roles" does not exist'), [], 't_mine')).toBe(false);
    expect(otherSchemaVanished(pgError('3F000', 'schema "t_mine" does not exist'), [], 't_mine')).toBe(false);
    expect(otherSchemaVanished(pgError('42P01', 'relation "t_other.x" does not exist'), [{ migrationName: '0001', direction: 'Up', status: 'Error' }], 't_mine')).toBe(false);
    expect(otherSchemaVanished(pgError('23505', 'duplicate key'), [], 't_mine')).toBe(false);
  });
});
