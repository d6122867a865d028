import { addresses, fieldHistory, properties } from '../../src/db/schema';
import { testDb } from '../helpers';
import type { MatrixRows, World } from './types';

const adminOnly = { anonymous: 401, admin: 200, same_company: 403, other_company: 403 };

/** A unit whose town an ordinary user changed from Bradford to Leeds (waiting for an admin). */
const waitingChange = async (w: World) => {
  const db = await testDb();
  const [address] = await db
    .insert(addresses)
    .values({ street: '1 Matrix Row', city: 'Leeds', post_code: 'LS1 6HD' })
    .returning();
  await db.insert(properties).values({ address_id: address!.id });
  const [change] = await db
    .insert(fieldHistory)
    .values({
      entity_type: 'address',
      entity_id: address!.id,
      field: 'city',
      old_value: 'Bradford',
      new_value: 'Leeds',
      source: 'update',
      user_id: w.sameUser.id,
    })
    .returning();
  return { change: change!.id };
};

export const rows: MatrixRows = {
  'GET /api/core/verification-queue': {
    setup: waitingChange,
    url: () => '/api/core/verification-queue?page=1&per_page=25',
    expect: adminOnly,
  },
  'POST /api/core/verification-queue/verify': {
    setup: waitingChange,
    url: () => '/api/core/verification-queue/verify',
    body: (_w, made) => ({ ids: [made.change] }),
    expect: adminOnly,
  },
  'POST /api/core/verification-queue/reject': {
    setup: waitingChange,
    url: () => '/api/core/verification-queue/reject',
    body: (_w, made) => ({ ids: [made.change] }),
    expect: adminOnly,
  },
};
