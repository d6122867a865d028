import { z } from 'zod';
import { CURRENCY_CHOICES, THEMES } from './enums';
import { LOGIN_MESSAGES } from './login';
import { VIDEO_ID_MAX } from './video.schema';

export const PASSWORD_MIN = 8;

export const loginBodySchema = z.object({
  email: z.string().trim().min(1, LOGIN_MESSAGES.emailRequired).email(LOGIN_MESSAGES.emailInvalid),
  password: z.string().min(1, LOGIN_MESSAGES.passwordRequired),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const passwordChangeBodySchema = z
  .object({
    current_password: z.string().min(1, 'The current password field is required.'),
    password: z.string().min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters.`),
    password_confirmation: z.string(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The password confirmation does not match.',
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

const optionalText = z
  .string()
  .trim()
  .max(50)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** PUT /api/auth/me — the signed-in user's own profile. */
export const profileUpdateBodySchema = z.object({
  name: z.string().trim().min(3, 'The name must be at least 3 characters.').max(255),
  direct_dial: optionalText,
  mobile: optionalText,
  currency: z.enum(CURRENCY_CHOICES),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

/** PUT /api/settings/theme */
export const themeBodySchema = z.object({ theme: z.enum(THEMES) });
export type ThemeBody = z.infer<typeof themeBodySchema>;

/** PUT /api/settings/hide-video (spec A §7): a video_id, which may be a video file's https URL. */
export const hideVideoBodySchema = z.object({ video_id: z.string().trim().min(1).max(VIDEO_ID_MAX) });
