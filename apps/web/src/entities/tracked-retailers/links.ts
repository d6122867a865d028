/** A tracked retailer's page on /core-data. */
export const retailerHref = (id: number): string => `/core-data/${id}`;

/** A unit's view (the properties list opens it by `?id=`). */
export const propertyHref = (id: number): string => `/properties?id=${id}`;
