// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { Skeleton } from '@mui/material';
import { describe, expect, it } from 'vitest';
import { LoadingBlock } from '../src/components/LoadingBlock';
import { seriousViolations } from './axe';

describe('a section loading', () => {
  it('is announced as a named progressbar, which axe accepts', async () => {
    const { container } = render(<LoadingBlock label="Loading activity" height={96} />);
    expect(screen.getByRole('progressbar', { name: 'Loading activity' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('(a bare skeleton with a label is what axe refused in the browser suite)', async () => {
    const { container } = render(<Skeleton variant="rounded" height={96} aria-label="Loading activity" />);
    expect(await seriousViolations(container)).toEqual([expect.stringMatching(/^aria-prohibited-attr: /)]);
  });
});
