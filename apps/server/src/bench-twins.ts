/**
 * The bench's SQL twins (issue 11): every statement `npm run bench` runs straight against
 * PostgreSQL beside an API row, exported from here and only here. The bench imports nothing else
 * from the server's modules (an ESLint zone says so), so a change to a hot query's shape is a
 * change to this list, and the raw-SQL figures always measure the SQL the server really sends.
 */
export {
  loadedSql,
  oneWithIncludesSql,
  pageByUpdateSql,
  simpleSearch,
  simpleSearchSql,
} from './modules/properties/properties.repository';
export {
  fuzzySql as companyFuzzySql,
  relevanceSql as companyRelevanceSql,
} from './modules/companies/companies.repository';
export {
  fuzzySql as contactFuzzySql,
  relevanceSql as contactRelevanceSql,
} from './modules/contacts/contacts.repository';
export {
  COMPANY_WORDS,
  CONTACT_WORDS,
  DRIVER_COUNT_CAP,
  PROPERTY_WORDS,
  fuzzyTerm,
  type WordSearch,
} from './modules/search/word-tables';
// The dataset generator writes property_words rows as the trigger would (bulk COPY bypasses it).
export { chooseDriver, propertyWordRows, searchWords } from './modules/search/words';
