import { describe, expect, it } from 'vitest';
import { applyServerErrors, fieldsNamed } from './applyServerErrors';
import { ApiError } from './http';

const refused = (fieldErrors: Record<string, string>) => new ApiError(422, 'invalid', { fieldErrors });

const collect = () => {
  const set: Record<string, string> = {};
  return { set, setError: (f: string, e: { message: string }) => void (set[f] = e.message) };
};

describe('applyServerErrors', () => {
  it('sets each message on its field and says that one matched', () => {
    const { set, setError } = collect();
    const matched = applyServerErrors(
      refused({ name: 'The name field is required.', domain: 'Taken.' }),
      setError,
      fieldsNamed(['name', 'domain'] as const),
    );
    expect(matched).toBe(true);
    expect(set).toEqual({ name: 'The name field is required.', domain: 'Taken.' });
  });

  it('joins the messages of keys that land on one field with a comma', () => {
    const { set, setError } = collect();
    applyServerErrors(
      refused({ 'landlords.0': 'Unknown company.', 'landlords.2': 'Unknown company.' }),
      setError,
      fieldsNamed(['landlords'] as const),
    );
    expect(set).toEqual({ landlords: 'Unknown company., Unknown company.' });
  });

  it('ignores keys that are no field of the form, and reports when none matched', () => {
    const { set, setError } = collect();
    const matched = applyServerErrors(refused({ secret: 'x' }), setError, fieldsNamed(['name'] as const));
    expect(matched).toBe(false);
    expect(set).toEqual({});
  });

  it('leaves anything but a 422 to the caller', () => {
    const { set, setError } = collect();
    expect(applyServerErrors(new ApiError(500, 'boom'), setError, (k) => k)).toBe(false);
    expect(applyServerErrors(new Error('x'), setError, (k) => k)).toBe(false);
    expect(set).toEqual({});
  });

  it('maps keys through fieldOf (company_id → company)', () => {
    const { set, setError } = collect();
    const map: Record<string, string> = { company_id: 'company' };
    applyServerErrors(refused({ company_id: 'Unknown company.' }), setError, (k) => map[k]);
    expect(set).toEqual({ company: 'Unknown company.' });
  });
});
