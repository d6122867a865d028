import type { Address } from '@frontage/shared';
import type { AddressRow } from './addresses.repository';

export const presentAddress = (r: AddressRow): Address => ({
  id: r.id,
  street: r.street,
  street2: r.street2,
  city: r.city,
  region: r.region,
  post_code: r.post_code,
  country: r.country,
  notes: r.notes,
  lat: r.lat,
  lng: r.lng,
  full_address: r.full_address ?? '',
});
