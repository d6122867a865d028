import { Avatar } from '@mui/material';

/** A company's logo as a small square thumbnail, or its initial when it has none. */
export function CompanyLogo({ name, logo, size = 28 }: { name: string; logo: string | null; size?: number }) {
  return (
    <Avatar
      variant="rounded"
      src={logo ?? undefined}
      alt={logo ? `${name} logo` : undefined}
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.45,
        bgcolor: logo ? '#fff' : 'action.selected',
        color: 'text.secondary',
        border: 1,
        borderColor: 'divider',
        '& img': { objectFit: 'contain' },
      }}
    >
      {logo ? null : name.trim().charAt(0).toUpperCase()}
    </Avatar>
  );
}
