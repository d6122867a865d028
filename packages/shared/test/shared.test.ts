import { describe, expect, it } from 'vitest';
import { canEditMaster, initialsOf, pageQuerySchema, entityPath, passwordChangeBodySchema } from '../src';

describe('initialsOf', () => {
  it('takes at most two initials, first and last word', () => {
    expect(initialsOf('Jane Mary Smith')).toBe('JS');
    expect(initialsOf('madonna')).toBe('M');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('Åsa Öberg')).toBe('ÅÖ');
  });
});

describe('canEditMaster', () => {
  it('lets admins and same-company users change a master entity', () => {
    expect(canEditMaster({ id: 1, type: 'admin', company_id: 9 }, 3)).toBe(true);
    expect(canEditMaster({ id: 2, type: 'user', company_id: 3 }, 3)).toBe(true);
    expect(canEditMaster({ id: 2, type: 'user', company_id: 4 }, 3)).toBe(false);
    expect(canEditMaster({ id: 2, type: 'user', company_id: null }, null)).toBe(false);
    expect(canEditMaster(null, 3)).toBe(false);
  });
});

describe('pageQuerySchema', () => {
  it('accepts per_page 1 to 100 and refuses anything else', () => {
    expect(pageQuerySchema.parse({ page: '2', per_page: '100' })).toEqual({ page: 2, per_page: 100 });
    expect(pageQuerySchema.safeParse({ per_page: '101' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ per_page: '0' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('entityPath', () => {
  it('uses the named routes with ?id=', () => {
    expect(entityPath('property', 5)).toBe('/properties?id=5');
    expect(entityPath('company', 5)).toBe('/companies?id=5');
  });
});

describe('passwordChangeBodySchema', () => {
  it('requires a matching confirmation', () => {
    const r = passwordChangeBodySchema.safeParse({
      current_password: 'x',
      password: 'abcdefgh',
      password_confirmation: 'abcdefgX',
    });
    expect(r.success).toBe(false);
  });
});
