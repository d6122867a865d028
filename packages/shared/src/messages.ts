/** Every user-facing message the specs quote, character for character (spec A §8, spec B §8). */
export const MESSAGES = {
  networkError:
    'The server has encountered an unexpected error. If the problem persists, please contact an administrator',
  unauthorized: 'You are not authorized to access this resource',
  validationError: 'Validation Error.',
  validationErrorTitle: 'Validation Error',
  fillRequired: 'Please fill all required fields',
  invalidUrl: 'Invalid URL',
  unsavedCommentClose: 'An unsaved comment exists, Do you still wish to close?',
  unsavedCommentFinish: 'An unsaved comment exists, Do you wish to finish the wizard?',
  changePassword: 'Please change your password!',
  loading: 'Loading ...',
  noCompaniesFound: 'No companies found',
  createNewCompany: 'Create a new company',
  deleteComment: 'Are you sure you want to delete this comment?',
  deleteEnquiry: 'Are you sure you want to delete this enquiry?',
  noComments: 'No comments yet, be the first to comment',
  writeComment: 'Write a comment...',
  effectiveDateRequired: 'Effective date is required',
  invalidLocation: 'Invalid Location',
  clickMap: 'Click on the map to select a location',
  enquiryContactOrCompany: 'Either contact or company is required',
  enquiryStage: 'Stage is required',
  enquiryReason: 'Reason is required',
  /** The enquiry dialogs' picker hints (spec A §2). */
  enquiryNoCompanies: 'No companies found. Create a new company',
  enquiryNoContacts: 'No contacts found. Create a new contact',
  enquiryCompleted: 'An enquiry has been completed, Would you like to create a new deal for this enquiry?',
  retailerNeverVerified: 'This retailer has never been verified',
  retailerVerified: 'This retailer is verified',
  retailerNotCurrentlyVerified: 'This retailer is not currently verified',
  /** The verification tooltips inside the sale wizard (spec B §2). */
  trackedRetailerVerified: 'Verified Tracked Retailer',
  trackedRetailerNotVerified: 'This Tracked Retailer has not yet been Verified',
} as const;

/** Server-side messages (API.md). */
export const API_MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  invalidData: 'The given data was invalid.',
  missingRequestedWith: 'The X-Requested-With header is required.',
  forbidden: 'This action is unauthorized.',
  /** 403: an API token without the scope the route needs (ADR 0097). */
  tokenScopeMissing: "This token's scopes do not allow this request.",
  /** 422 on `scopes`: only an admin's token may carry `admin`. */
  tokenAdminScope: 'Only an admin may give a token the admin scope.',
  /** 422 on `owner_id`: an admin creates tokens for integration accounts only. */
  tokenOwnerNotIntegration: 'Choose an integration account.',
  tokenRevoked: 'The token has been revoked.',
  notFound: 'Not found.',
  routeNotFound: 'The requested API route does not exist.',
  badCredentials: 'These credentials do not match our records.',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  tooManyRequests: 'Too many requests. Please slow down.',
  payloadTooLarge: 'The request is too large.',
  serverError: 'The server has encountered an unexpected error.',
  shuttingDown: 'The server is restarting. Please try again in a moment.',
  /** 503 + Retry-After: the database cannot be reached or dropped the connection (ADR 0071). */
  databaseUnavailable: 'The database is unavailable. Please try again in a moment.',
  /** 503 + Retry-After: a statement ran past STATEMENT_TIMEOUT_MS and was cancelled (ADR 0071). */
  queryTimedOut: 'The request took too long and was stopped. Please try again in a moment.',
  passwordChanged: 'Your password has been changed.',
  profileSaved: 'Your profile has been saved.',
  loggedOut: 'You have been logged out.',
  allNotificationsRead: 'All notifications marked as read.',
  currentPasswordIncorrect: 'The current password is incorrect.',
  badRequest: 'The request could not be understood.',
  /** A NUL byte or an unpaired UTF-16 surrogate: PostgreSQL text cannot hold either. */
  textNotAllowed: 'This value contains a character that is not allowed.',
  tooDeep: 'This value is nested too deeply.',
} as const;

/**
 * An uploaded file (a store list, a logo) is read in a worker thread with a time and a memory
 * limit, both server settings (ADR 0070); a file that needs more is refused naming the limit.
 */
export const uploadTimeLimitMessage = (seconds: number): string =>
  `Reading the file took longer than ${seconds} seconds, the limit for one file.`;
export const uploadMemoryLimitMessage = (megabytes: number): string =>
  `Reading the file needed more than ${megabytes} MB of memory, the limit for one file.`;
export const UPLOAD_MESSAGES = {
  /** 503 with Retry-After: every upload worker is busy and UPLOAD_QUEUE files already wait. */
  busy: 'The server is reading other uploaded files. Please try again in a moment.',
} as const;

/**
 * 429 with Retry-After (ADR 0069): CSV exports and heavy reports run at most EXPORT_MAX_PER_USER at
 * once for one user and EXPORT_MAX_PER_SERVER for everyone, both server settings.
 */
export const heavyRequestsPerUserMessage = (n: number): string =>
  `You already have ${n === 1 ? 'an export or report' : `${n} exports or reports`} running. Please wait for ${
    n === 1 ? 'it' : 'one'
  } to finish, then try again.`;
export const HEAVY_REQUEST_MESSAGES = {
  serverBusy: 'The server is running as many exports and reports as it can. Please try again in a moment.',
} as const;
