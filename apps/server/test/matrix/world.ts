import { buildCompanies, buildUsers } from '../helpers';
import type { Actor, World } from './types';

const PASSWORD = 'matrix-password-1';

/** The three companies and the three signed-in actors' users (one statement per table). */
export const buildWorld = async (): Promise<World> => {
  const [platform, companyA, companyB] = (await buildCompanies([
    { name: 'Platform Research' },
    { name: 'Company A' },
    { name: 'Company B' },
  ])) as [World['platform'], World['companyA'], World['companyB']];
  const [admin, sameUser, otherUser] = (await buildUsers([
    { email: 'admin.matrix@example.com', password: PASSWORD, type: 'admin', company_id: platform.id },
    { email: 'same.matrix@example.com', password: PASSWORD, company_id: companyA.id },
    { email: 'other.matrix@example.com', password: PASSWORD, company_id: companyB.id },
  ])) as [World['admin'], World['sameUser'], World['otherUser']];
  return { platform, companyA, companyB, admin, sameUser, otherUser, password: PASSWORD };
};

/** The signed-in user who plays an actor of the matrix. */
export const userOf = (w: World, actor: Exclude<Actor, 'anonymous'>) =>
  actor === 'admin' ? w.admin : actor === 'same_company' ? w.sameUser : w.otherUser;
