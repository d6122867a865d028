/** `sort=-name` → the column and direction. */
export const parseSort = <K extends string>(sort: `${'' | '-'}${K}`): { key: K; desc: boolean } =>
  sort.startsWith('-') ? { key: sort.slice(1) as K, desc: true } : { key: sort as K, desc: false };

/**
 * A sort the caller asked for (`?sort=`), as opposed to the schema's default: the search box orders
 * by relevance unless a table header chose a sort (ADR 0009).
 */
export const hasExplicitSort = (url: string): boolean => {
  const q = url.indexOf('?');
  return q !== -1 && new URLSearchParams(url.slice(q + 1)).has('sort');
};
