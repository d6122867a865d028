import userEvent from '@testing-library/user-event';

/**
 * user-event without its pause between keystrokes and pointer steps (`delay: null`): each event
 * still goes through React's act(), so state settles between them, but typing a word no longer
 * waits for one timer turn per character, which a busy machine stretches to seconds.
 */
export const setupUser = (options: Parameters<typeof userEvent.setup>[0] = {}) =>
  userEvent.setup({ delay: null, ...options });
