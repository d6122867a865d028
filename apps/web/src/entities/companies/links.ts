/**
 * A company's page. Older links name it by `/companies?id=` (comments, notifications, views):
 * the companies list sends those on here.
 */
export const companyHref = (id: number): string => `/companies/${id}`;
