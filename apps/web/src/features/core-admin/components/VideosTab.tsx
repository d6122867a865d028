import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { Video } from '@frontage/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { useAdminVideos, useDeleteVideo } from '../videosApi';
import { VideoFormDialog } from './VideoFormDialog';
import { LoadingBlock } from '../../../components/LoadingBlock';

/**
 * /core?tab=videos: the help videos offered per page, by page and order; add,
 * edit, and delete after a confirmation.
 */
export function VideosTab() {
  const q = useAdminVideos();
  const remove = useDeleteVideo();
  const [editing, setEditing] = useState<{ video: Video | null } | null>(null);
  const [deleting, setDeleting] = useState<Video | null>(null);

  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
        <Button variant="contained" onClick={() => setEditing({ video: null })}>
          Add Video
        </Button>
      </Box>
      {q.isError ? (
        <Alert severity="error">The videos could not be loaded.</Alert>
      ) : !q.data ? (
        <LoadingBlock label="Loading videos" height={160} />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Help videos">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Page</TableCell>
                <TableCell>Video id or URL</TableCell>
                <TableCell align="right">Order</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {q.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>No help videos yet.</TableCell>
                </TableRow>
              )}
              {q.data.map((v) => (
                <TableRow key={v.id}>
                  <TableCell>{v.video_name}</TableCell>
                  <TableCell>{v.route}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{v.video_id}</TableCell>
                  <TableCell align="right">{v.sort_order}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Edit">
                      <IconButton
                        aria-label={`Edit ${v.video_name}`}
                        onClick={() => setEditing({ video: v })}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton aria-label={`Delete ${v.video_name}`} onClick={() => setDeleting(v)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <VideoFormDialog
        open={editing !== null}
        video={editing?.video ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        message={`Delete the video '${deleting?.video_name ?? ''}'?`}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </Box>
  );
}
