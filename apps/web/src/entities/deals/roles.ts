/**
 * How a deal_parties role reads where a record lists the deals it is a party to:
 * `landlord_agent_contact` → "Landlord agent contact", `prev_tenant` → "Previous tenant".
 */
export const dealRoleLabel = (role: string): string => {
  const words = role.replace(/^prev_/, role.startsWith('prev_') ? 'previous_' : '').split('_');
  const text = words.filter(Boolean).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** A row's roles in one line ("Landlord contact, Tenant agent contact"). */
export const dealRolesText = (roles: readonly string[]): string => roles.map(dealRoleLabel).join(', ');
