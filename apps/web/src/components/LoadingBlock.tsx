import { Skeleton, type SkeletonProps } from '@mui/material';

/**
 * The grey block a section shows while its data loads. A skeleton is a plain `span`, on which
 * `aria-label` is not allowed (axe's aria-prohibited-attr, serious): as a named progressbar it is
 * announced as loading, and waits for "no progressbar" also wait for it.
 */
export function LoadingBlock({ label, ...props }: { label: string } & Omit<SkeletonProps, 'aria-label'>) {
  return <Skeleton variant="rounded" role="progressbar" aria-label={label} aria-busy="true" {...props} />;
}
