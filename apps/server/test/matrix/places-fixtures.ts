import { addresses, fieldHistory, properties, schemes } from '../../src/db/schema';
import { testDb } from '../helpers';

/** A scheme and a unit of it, built straight into the database for matrix rows. */
export const buildPlace = async () => {
  const db = await testDb();
  const [sa] = await db
    .insert(addresses)
    .values({ street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT', lat: 53.7965, lng: -1.5447 })
    .returning();
  const [scheme] = await db
    .insert(schemes)
    .values({ name: 'Trinity Leeds', type: 'Shopping centres', address_id: sa!.id })
    .returning();
  const [pa] = await db
    .insert(addresses)
    .values({ street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT', lat: 53.7966, lng: -1.5446 })
    .returning();
  const [property] = await db
    .insert(properties)
    .values({ building_num: 'SU1', address_id: pa!.id, scheme_id: scheme!.id })
    .returning();
  const [change] = await db
    .insert(fieldHistory)
    .values({
      entity_type: 'property',
      entity_id: property!.id,
      field: 'rent_pa',
      old_value: null,
      new_value: '1000.00',
      source: 'update',
      verified: false,
    })
    .returning();
  return { scheme: scheme!.id, property: property!.id, address: pa!.id, change: change!.id };
};
