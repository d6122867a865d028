import { Box } from '@mui/material';
import { Outlet } from 'react-router';
import { useMe } from '../../lib/session';
import { MainLayout } from './splitPoints';

/** Signed-in visitors see the page inside the main layout; others on a plain background. */
export function ShellIfSignedIn() {
  const { data: user } = useMe();
  if (user) return <MainLayout />;
  return (
    <Box component="main" sx={{ minHeight: '100vh', p: 3, bgcolor: 'background.default' }}>
      <Outlet />
    </Box>
  );
}
