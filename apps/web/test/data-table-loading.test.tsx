// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from '../src/components/DataTable';
import { seriousViolations } from './axe';

const columns = [{ field: 'name', headerName: 'Name' }];
const table = (rows: Array<{ id: number; name: string }>, loading: boolean) => (
  <DataTable
    label="Deals"
    rows={rows}
    columns={columns}
    rowCount={rows.length}
    loading={loading}
    paginationModel={{ page: 0, pageSize: 25 }}
    onPaginationModelChange={() => undefined}
    sortModel={[]}
    onSortModelChange={() => undefined}
  />
);

describe('a list table while it loads', () => {
  it.each([
    ['with the rows of the last answer', [{ id: 1, name: 'Greggs' }]],
    ['with no rows yet', []],
  ])('%s: a named progressbar, and no serious or critical axe violation', async (_, rows) => {
    const { container } = render(table(rows, true));
    expect(screen.getByRole('progressbar', { name: 'Loading Deals' })).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
    // The last answer's rows stay in view under the bar.
    for (const r of rows) expect(screen.getByRole('gridcell', { name: r.name })).toBeInTheDocument();
  });
});
