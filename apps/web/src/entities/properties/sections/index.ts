/** The property form sections: each reads the surrounding react-hook-form under a `prefix`. */
export { AddressSection, READ_ONLY_SX } from './AddressSection';
export { AreasSection } from './AreasSection';
export { LandlordSection } from './LandlordSection';
export { LeaseInfoSection } from './LeaseInfoSection';
export { LeaseTermsFields } from './LeaseTermsFields';
export { CompanyField, CompanyList, ContactList } from './PartyPickers';
export { PropertyInfoSection } from './PropertyInfoSection';
export { RentInfoSection } from './RentInfoSection';
export { RentSqftInput } from './RentSqftInput';
export { Bound, useSection, type BoundField, type SectionProps } from './Bound';
export { UNVERIFIED_CHANGE, UnverifiedFields, UnverifiedMarker } from './UnverifiedMarker';
