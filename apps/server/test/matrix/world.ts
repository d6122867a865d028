import { buildCompany, buildUser } from '../helpers';
import type { Actor, World } from './types';

const PASSWORD = 'matrix-password-1';

export const buildWorld = async (): Promise<World> => {
  const platform = await buildCompany({ name: 'Platform Research' });
  const companyA = await buildCompany({ name: 'Company A' });
  const companyB = await buildCompany({ name: 'Company B' });
  const admin = await buildUser({
    email: 'admin.matrix@example.com',
    password: PASSWORD,
    type: 'admin',
    company_id: platform.id,
  });
  const sameUser = await buildUser({
    email: 'same.matrix@example.com',
    password: PASSWORD,
    company_id: companyA.id,
  });
  const otherUser = await buildUser({
    email: 'other.matrix@example.com',
    password: PASSWORD,
    company_id: companyB.id,
  });
  return { platform, companyA, companyB, admin, sameUser, otherUser, password: PASSWORD };
};

/** The signed-in user who plays an actor of the matrix. */
export const userOf = (w: World, actor: Exclude<Actor, 'anonymous'>) =>
  actor === 'admin' ? w.admin : actor === 'same_company' ? w.sameUser : w.otherUser;
